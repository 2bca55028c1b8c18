import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ExportButton } from '../../../components/export-progress';
import { lang } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { startDeviceExport, useRobots } from '../api/devices';
import { DeviceFilters, type Filters } from '../components/device-filters';
import { RobotDetailDrawer } from '../components/robot-detail-drawer';
import { RobotTable } from '../components/robot-table';

/** /wel/equipment: every device in scope with filters (distance included), details and export. */
export default function EquipmentPage() {
  const { t } = useTranslation('devices');
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [open, setOpen] = useState<string | null>(params.get('robotId'));
  const robots = useRobots({ ...page, ...filters });
  const role = sessionStore.use((s) => s.user?.role);
  return (
    <Card
      title={t('details.title')}
      extra={
        role !== 'advertisers' && role !== 'advertisers_special' ? (
          <ExportButton
            disabled={(robots.data?.total ?? 0) === 0}
            statePath="/api/Devices/queryExportState"
            start={() => startDeviceExport({ ...filters, language: lang() })}
          />
        ) : null
      }
    >
      <DeviceFilters
        onSearch={(f) => {
          setFilters(f);
          setPage((p) => ({ ...p, start: 0 }));
        }}
      />
      <RobotTable
        data={robots.data?.datas ?? []}
        total={robots.data?.total ?? 0}
        query={robots}
        filtered={Object.values(filters).some((v) => v !== undefined && v !== '')}
        page={page}
        onPage={setPage}
        onOpen={setOpen}
      />
      <RobotDetailDrawer robotId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
