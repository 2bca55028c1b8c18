import { LIST_TYPES, type ListType } from '@robot-ads/contracts/devices/devices.rules';
import { App, Card, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Robot, useSetInfo } from '../api/devices';
import { RobotDetailDrawer } from '../components/robot-detail-drawer';
import { RobotList, useRobotList } from '../components/robot-list';

/**
 * Ad screen management: /screenManagement/index (operators, every screen) and
 * /projectScreenManage/index (a project account, its property's screens; the server limits both).
 */
export function ScreensPage({ project }: { project: boolean }) {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const list = useRobotList();
  const [open, setOpen] = useState<string | null>(null);
  const setInfo = useSetInfo();
  const save = async (robotId: string, patch: { postAds?: boolean; listType?: ListType }) => {
    await setInfo.mutateAsync({ robotId, ...patch });
    message.success(t('details.saved'));
  };
  return (
    <Card title={project ? t('screens.projectTitle') : t('screens.title')}>
      <RobotList
        list={list}
        distance={!project}
        onOpen={setOpen}
        extraColumns={[
          {
            title: t('fields.screenRatio'),
            dataIndex: 'screenRatio',
            size: 'tag',
            width: 110,
            minScreen: 1600,
            render: (v: string) => v.replace('_', ' x '),
          },
          { title: t('fields.template'), dataIndex: 'template', size: 'number', width: 80, minScreen: 1600 },
          {
            title: t('screens.allowAds'),
            dataIndex: 'postAds',
            size: 'tag',
            width: 130,
            render: (v: boolean, r: Robot) => (
              <Switch
                checked={v}
                aria-label={`${t('screens.allowAds')} ${r.robotId}`}
                onChange={(checked) => save(r.robotId, { postAds: checked })}
              />
            ),
          },
          {
            title: t('fields.listType'),
            dataIndex: 'listType',
            size: 'tag',
            width: 140,
            render: (v: ListType, r: Robot) => (
              <Select
                size="small"
                value={v}
                style={{ width: 110 }}
                aria-label={`${t('fields.listType')} ${r.robotId}`}
                onChange={(next) => save(r.robotId, { listType: next })}
                options={LIST_TYPES.map((x) => ({ value: x, label: t(`listTypes.${x}`) }))}
              />
            ),
          },
        ]}
      />
      <RobotDetailDrawer robotId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

export default function ScreenManagementPage() {
  return <ScreensPage project={false} />;
}
