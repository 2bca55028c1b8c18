import {
  ApiOutlined,
  CheckCircleOutlined,
  DisconnectOutlined,
  EyeOutlined,
  PlayCircleOutlined,
  RobotOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Card, Col, Progress, Row, Skeleton, Statistic } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { MenuIcon } from '../../../layout/menu-icons';
import { type NavItem, useNavItems } from '../../../layout/use-menus';
import { sessionStore } from '../../../lib/session';
import { useClientRising } from '../../../lib/statistics/api';
import { percentOf } from '../../../lib/statistics/format';
import { rangeParams, todayRange } from '../../../lib/statistics/range';
import { useCount } from '../../../lib/statistics/use-count';
import { useAccountTotal, useDeviceBoard } from '../api/board-figures';

function StatCard({
  title,
  value,
  icon,
  loading,
  suffix,
}: {
  title: string;
  value: number | string;
  icon: ReactNode;
  loading: boolean;
  suffix?: string;
}) {
  return (
    <Card className="ra-stat-card" size="small">
      {loading ? (
        <Skeleton active paragraph={false} />
      ) : (
        <Statistic title={title} value={value} prefix={icon} suffix={suffix} />
      )}
    </Card>
  );
}

const NAME_MARK = '\u0001';
/**
 * The greeting with the user's name in a `translate="no"` span: the text's `<name>` tag filled by hand
 * (react-i18next's Trans brings an HTML parser, 4 KB gzipped, to the first page after login).
 */
function Welcome({ text, name }: { text: string; name: string }) {
  const [before = '', after = ''] = text.split(`<name>${NAME_MARK}</name>`);
  return (
    <>
      {before}
      <span translate="no">{name}</span>
      {after}
    </>
  );
}

function firstLeaves(nodes: NavItem[], limit: number): NavItem[] {
  const out: NavItem[] = [];
  const walk = (list: NavItem[]) => {
    for (const node of list) {
      if (out.length >= limit) return;
      if (node.children.length) walk(node.children);
      else if (node.path && node.path !== '/wel/smartBoard_2') out.push(node);
    }
  };
  walk(nodes);
  return out;
}

/** /wel/smartBoard_2: the operator dashboard: accounts, devices online and offline, today's plays and exposure. */
export default function SmartBoardPage() {
  const { t } = useTranslation('dashboards');
  const navigate = useNavigate();
  const user = sessionStore.use((s) => s.user);
  const role = user?.role;
  const accounts = useAccountTotal(role);
  const board = useDeviceBoard(role);
  const { items } = useNavItems();
  const shortcuts = firstLeaves(items, 8);
  const devices = board.data;
  const online = devices?.byState.online ?? 0;
  const offline = devices?.byState.offline ?? 0;
  // Today's plays and exposure in the caller's scope (its robots' or its customer's), today in the platform's
  // zone (never the browser's): so far, against the same hours of yesterday (the server compares like with like).
  const [todayRangeOf] = useState(() => todayRange());
  const today = useMemo(() => rangeParams(todayRangeOf), [todayRangeOf]);
  const plays = useClientRising(today);
  const figures = plays.data?.figures;
  const count = useCount();

  return (
    <div className="ra-board">
      <Card className="ra-board-welcome-card" style={{ marginBottom: 16 }}>
        <div className="ra-board-welcome">
          <div>
            <h1>
              <Welcome
                text={t('smartBoard.welcome', { name: NAME_MARK })}
                name={user?.currentUser || user?.name || ''}
              />
            </h1>
            {/* Plain elements in antd's colours: Typography would bring its editor (Input, TextArea) along. */}
            <span style={{ color: 'var(--ant-color-text-secondary)' }}>
              {dayjs(todayRangeOf.to).format(t('smartBoard.dateFormat'))}
            </span>
          </div>
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        {accounts.isEnabled && !accounts.isError && (
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              title={t('smartBoard.accounts')}
              value={accounts.data ?? 0}
              icon={<TeamOutlined />}
              loading={accounts.isLoading}
            />
          </Col>
        )}
        {board.isEnabled && !board.isError && (
          <>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title={t('smartBoard.devices')}
                value={devices?.total ?? 0}
                icon={<RobotOutlined />}
                loading={board.isLoading}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title={t('smartBoard.online')}
                value={online}
                icon={<CheckCircleOutlined />}
                loading={board.isLoading}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title={t('smartBoard.offline')}
                value={offline}
                icon={<DisconnectOutlined />}
                loading={board.isLoading}
              />
            </Col>
          </>
        )}
        {!plays.isError && (
          <>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title={t('smartBoard.playsToday')}
                value={count(figures?.plays.value ?? 0)}
                icon={<PlayCircleOutlined />}
                loading={plays.isLoading}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title={t('smartBoard.exposureToday')}
                value={count(figures?.exposure.value ?? 0)}
                icon={<EyeOutlined />}
                loading={plays.isLoading}
              />
            </Col>
          </>
        )}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {board.isEnabled && !board.isError && devices && devices.total > 0 && (
          <Col xs={24} lg={8}>
            <Card title={t('smartBoard.onlineRatio')} size="small">
              <div style={{ display: 'flex', justifyContent: 'center', padding: 12 }}>
                <Progress
                  type="dashboard"
                  percent={percentOf(devices.onlineRatio)}
                  aria-label={t('smartBoard.onlineRatio')}
                />
              </div>
            </Card>
          </Col>
        )}
        {shortcuts.length > 0 && (
          <Col xs={24} lg={16}>
            <Card title={t('smartBoard.shortcuts')} size="small">
              <div className="ra-shortcuts">
                {shortcuts.map((item) => (
                  <button
                    key={item.key}
                    type="button"
                    className="ra-shortcut"
                    onClick={() => navigate((item.path ?? '/') + (item.query ?? ''))}
                  >
                    <MenuIcon name={item.icon} />
                    <span>{item.label}</span>
                  </button>
                ))}
              </div>
            </Card>
          </Col>
        )}
      </Row>
      {!accounts.isEnabled && !board.isEnabled && plays.isError && shortcuts.length === 0 && (
        <Card>
          <p style={{ margin: 0 }}>
            <ApiOutlined /> {t('smartBoard.noFigures')}
          </p>
        </Card>
      )}
    </div>
  );
}
