import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { ACTIONS_MAX_WIDTH, headerWidth, type ListColumn, listTable, MIN_WIDTH, serverPagination } from './list-table';

interface Row {
  id: string;
  name: string;
  customer: string;
  begin: string;
}

const rows: Row[] = [
  { id: '1', name: 'Lucky Coffee spring menu on every lobby robot', customer: 'Lucky Coffee', begin: '2026-01-01' },
];

const columns: ListColumn<Row>[] = [
  { title: 'Plan name', dataIndex: 'name', size: 'name' },
  { title: 'Customer', dataIndex: 'customer', size: 'name', width: 40 },
  { title: 'Delivery period', dataIndex: 'begin', size: 'period' },
  { title: 'Actions', key: 'actions', size: 'actions', width: 200, render: () => <button type="button">Edit</button> },
];

beforeAll(async () => {
  // jsdom polyfills (media queries, observers): test-setup.ts.
  await initI18n('en');
  await i18n.loadNamespaces('common');
});
afterEach(cleanup);

describe('list tables', () => {
  it('never lets a name or customer column be narrower than a readable minimum, and fixes the actions right', () => {
    const props = listTable(columns, { empty: { hint: 'Create one' } });
    const widths = props.columns?.map((c) => c.width);
    expect(widths).toEqual([MIN_WIDTH.name, MIN_WIDTH.name, MIN_WIDTH.period, 200]);
    expect(props.columns?.[3]?.fixed).toBe('right');
    // The table scrolls sideways rather than squeezing its columns.
    expect(props.scroll).toEqual({ x: MIN_WIDTH.name * 2 + MIN_WIDTH.period + 200 });
    expect(props.tableLayout).toBe('fixed');
  });

  it('keeps the actions column narrow (its buttons wrap) and gives way to secondary columns on a narrow window', () => {
    const wide: ListColumn<Row>[] = [
      { title: 'Plan name', dataIndex: 'name', size: 'name' },
      { title: 'Customer', dataIndex: 'customer', size: 'name', minScreen: 1440 },
      { title: 'Delivery period', dataIndex: 'begin', size: 'period' },
      { title: 'Actions', key: 'actions', size: 'actions', width: 480 },
    ];
    const titles = () => listTable(wide, { empty: { hint: '' } }).columns?.map((c) => c.title);
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true, writable: true });
    expect(titles()).toEqual(['Plan name', 'Delivery period', 'Actions']);
    const props = listTable(wide, { empty: { hint: '' } });
    expect(props.columns?.[2]?.width).toBe(ACTIONS_MAX_WIDTH);
    // The key columns and the actions fit the table beside the open sidebar at 1280 px (about 960 px).
    expect((props.scroll?.x as number) <= 960).toBe(true);
    Object.defineProperty(window, 'innerWidth', { value: 1440, configurable: true, writable: true });
    expect(titles()).toEqual(['Plan name', 'Customer', 'Delivery period', 'Actions']);
  });

  it('makes a column at least as wide as its header in either language', () => {
    const long = 'A very long English column header text';
    const [sized] = listTable([{ title: long, dataIndex: 'name', size: 'tag' }], { empty: { hint: '' } }).columns ?? [];
    expect(sized?.width).toBe(headerWidth(long));
    expect(headerWidth('投放周期')).toBeGreaterThan(4 * 14);
  });

  it('ellipses a long name and shows the full text on hover', () => {
    render(<Table<Row> rowKey="id" dataSource={rows} {...listTable(columns, { empty: { hint: '' } })} />);
    const cell = screen.getByText(rows[0]?.name ?? '');
    expect(cell.className).toContain('ra-cell-ellipsis');
    expect(cell.getAttribute('title')).toBe(rows[0]?.name);
  });

  it('says what to do and who can do it when the list is empty', () => {
    render(
      <Table<Row>
        rowKey="id"
        dataSource={[]}
        {...listTable(columns, { empty: { hint: 'Create a plan with New plan', who: 'Operators create plans' } })}
      />,
    );
    expect(screen.getByText('Nothing here yet')).toBeTruthy();
    expect(screen.getByText('Create a plan with New plan')).toBeTruthy();
    expect(screen.getByText('Operators create plans')).toBeTruthy();
  });

  it('shows a failed load with its message and retries on request', () => {
    const refetch = vi.fn();
    const query = { isLoading: false, isError: true, error: new Error('Network error'), refetch, data: undefined };
    render(<Table<Row> rowKey="id" dataSource={[]} {...listTable(columns, { query, empty: { hint: 'x' } })} />);
    expect(screen.getByText('Could not load')).toBeTruthy();
    expect(screen.getByText('Network error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});

describe('server pagination', () => {
  it('turns the offset into the page number and the page number back into the offset', () => {
    const changes: Array<{ start: number; limit: number }> = [];
    const config = serverPagination({ start: 20, limit: 10 }, 45, (p) => changes.push(p));
    expect(config).toMatchObject({ current: 3, pageSize: 10, total: 45, showSizeChanger: true });
    config.onChange?.(5, 20);
    expect(changes).toEqual([{ start: 80, limit: 20 }]);
    expect(serverPagination({ start: 0, limit: 10 }, undefined, () => undefined).total).toBe(0);
  });
});
