import { UnorderedListOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * A page that shows one record, opened without saying which (from a stale tab or a bare address): it
 * says so and offers the list to choose from.
 */
export function MissingParam({ what, listPath, listLabel }: { what: string; listPath: string; listLabel: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      className="ra-missing-param"
      status="info"
      title={t('missingParam.title', { what })}
      subTitle={t('missingParam.text', { what })}
      extra={
        <Button type="primary" icon={<UnorderedListOutlined />} onClick={() => navigate(listPath)}>
          {listLabel}
        </Button>
      }
    />
  );
}
