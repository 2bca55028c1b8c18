import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ExportButton } from '../../../components/export-progress';
import { lang } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { startDeviceExport } from '../api/devices';
import { RobotDetailDrawer } from '../components/robot-detail-drawer';
import { RobotList, useRobotList } from '../components/robot-list';

/** /wel/equipment: every device in scope with filters (distance included), details and export. */
export default function EquipmentPage() {
  const { t } = useTranslation('devices');
  const [params] = useSearchParams();
  const list = useRobotList();
  const [open, setOpen] = useState<string | null>(params.get('robotId'));
  const role = sessionStore.use((s) => s.user?.role);
  return (
    <Card
      title={t('details.title')}
      extra={
        role !== 'advertisers' && role !== 'advertisers_special' ? (
          <ExportButton
            disabled={(list.robots.data?.total ?? 0) === 0}
            statePath="/api/Devices/queryExportState"
            start={() => startDeviceExport({ ...list.filters, language: lang() })}
          />
        ) : null
      }
    >
      <RobotList list={list} onOpen={setOpen} />
      <RobotDetailDrawer robotId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
