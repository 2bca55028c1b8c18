import { App, Card, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { listTable } from '../../../components/list-table';
import { type OpenInterface, useInterfaces, useToggleInterface } from '../api/open-platform';
import { useInterfaceSummary } from '../components/interface-summary';

/** /openPlatform/interface: the calls open to partners (tagged 'open' on the server), switched on or off. */
export default function InterfacesPage() {
  const { t } = useTranslation('open-platform');
  const { message } = App.useApp();
  const interfaces = useInterfaces();
  const toggle = useToggleInterface();
  const describe = useInterfaceSummary();

  return (
    <Card title={t('interfaces.title')}>
      <Typography.Paragraph type="secondary">{t('interfaces.intro')}</Typography.Paragraph>
      <Table<OpenInterface>
        rowKey="key"
        dataSource={interfaces.data ?? []}
        pagination={false}
        {...listTable<OpenInterface>(
          [
            { title: t('fields.method'), dataIndex: 'method', size: 'tag', render: (v: string) => <Tag>{v}</Tag> },
            { title: t('fields.path'), dataIndex: 'path', size: 'long' },
            {
              title: t('fields.summary'),
              dataIndex: 'summary',
              size: 'long',
              render: (_: string, i) => describe(i),
            },
            {
              title: t('fields.enabled'),
              dataIndex: 'enabled',
              size: 'actions',
              width: 120,
              render: (v: boolean, i) => (
                <Switch
                  checked={v}
                  aria-label={t('interfaces.switchFor', { key: i.key })}
                  loading={toggle.isPending && toggle.variables?.key === i.key}
                  onChange={async (enabled) => {
                    await toggle.mutateAsync({ key: i.key, enabled });
                    message.success(t('saved'));
                  }}
                />
              ),
            },
          ],
          { query: interfaces, empty: { hint: t('interfaces.emptyHint') } },
        )}
      />
    </Card>
  );
}
