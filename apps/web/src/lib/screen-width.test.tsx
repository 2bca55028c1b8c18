import { act, cleanup, render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ListColumn, listTable } from '../components/list-table';
import { i18n, initI18n } from './i18n';
import { useScreenStep } from './screen-width';

interface Row {
  id: string;
  name: string;
  industry: string;
}

const columns: ListColumn<Row>[] = [
  { title: 'Customer', dataIndex: 'name', size: 'name' },
  { title: 'Industry', dataIndex: 'industry', size: 'text', minScreen: 1600 },
];

/** A list page as pages are: it calls listTable while it renders, and knows nothing of resizes. */
function CustomersList() {
  return (
    <Table<Row>
      rowKey="id"
      dataSource={[{ id: '1', name: 'Lucky Coffee', industry: 'Food' }]}
      {...listTable(columns, { empty: { hint: '' } })}
    />
  );
}

/** The page host's part: it follows the window's step and renders the page again. */
function Host() {
  useScreenStep();
  return <CustomersList />;
}

const resizeTo = (width: number) =>
  act(() => {
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
    window.dispatchEvent(new Event('resize'));
  });

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('common');
});
afterEach(cleanup);

describe('lists follow the window width', () => {
  it('drop a secondary column when the window narrows past its step, and show it again when it widens', () => {
    resizeTo(1920);
    render(<Host />);
    expect(screen.getByRole('columnheader', { name: 'Industry' })).toBeTruthy();

    resizeTo(1280);
    expect(screen.queryByRole('columnheader', { name: 'Industry' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Customer' })).toBeTruthy();

    resizeTo(1700);
    expect(screen.getByRole('columnheader', { name: 'Industry' })).toBeTruthy();
  });
});
