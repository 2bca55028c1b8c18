import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { type Account, childrenQuery } from '../api/accounts';

type Node = DataNode & { key: string; account: Account };

function toNode(a: Account, roleLabel: (r: string) => string): Node {
  return {
    key: a.id,
    account: a,
    title: (
      <>
        <span translate="no">{a.name}</span>
        <span className="ra-tree-role"> · {roleLabel(a.role)}</span>
      </>
    ),
    isLeaf: a.role !== 'super' && a.role !== 'administrator' && a.role !== 'operator',
  };
}

/** The account tree by parentId: the caller's children first, each branch loaded when opened. */
export function AccountTree({ selected, onSelect }: { selected?: string; onSelect: (a: Account | null) => void }) {
  const { t } = useTranslation('accounts');
  const client = useQueryClient();
  const roots = useQuery(childrenQuery());
  const [loaded, setLoaded] = useState<Record<string, Node[]>>({});
  const roleLabel = (r: string) => t(`common:roles.${r}`);
  // A save refetches the roots: the opened branches are loaded again when opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new answer
  useEffect(() => setLoaded({}), [roots.dataUpdatedAt]);

  const treeData = useMemo(() => {
    const attach = (nodes: Node[]): Node[] =>
      nodes.map((n) => (loaded[n.key] ? { ...n, children: attach(loaded[n.key] ?? []) } : n));
    return attach((roots.data ?? []).map((a) => toNode(a, (r) => t(`common:roles.${r}`))));
  }, [roots.data, loaded, t]);

  if (roots.isLoading) return <Spin />;
  if (roots.isError) return <QueryError error={roots.error} onRetry={() => roots.refetch()} />;
  if (treeData.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.empty')} />;
  return (
    <div data-testid="account-tree">
      <Typography.Text type="secondary">{t('tree.hint')}</Typography.Text>
      <Tree<Node>
        treeData={treeData}
        selectedKeys={selected ? [selected] : []}
        onSelect={(_keys, info) => onSelect(info.selected ? info.node.account : null)}
        loadData={async (node) => {
          const children = await client.fetchQuery(childrenQuery(node.key));
          setLoaded((prev) => ({ ...prev, [node.key]: children.map((a) => toNode(a, roleLabel)) }));
        }}
      />
      {selected && (
        <Button type="link" size="small" onClick={() => onSelect(null)}>
          {t('tree.clear')}
        </Button>
      )}
    </div>
  );
}
