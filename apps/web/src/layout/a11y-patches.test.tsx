import { cleanup, render, screen } from '@testing-library/react';
import { Card, Table } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { patchTables } from './a11y-patches';

interface Row {
  id: string;
  name: string;
  city: string;
}
const rows: Row[] = [
  { id: '1', name: 'Lucky Coffee', city: 'Hangzhou' },
  { id: '2', name: 'Fresh Mart', city: 'Shenzhen' },
];

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('common');
});
afterEach(cleanup);

function renderList() {
  return render(
    <Card title="Customers">
      <Table<Row>
        rowKey="id"
        dataSource={rows}
        columns={[
          { title: 'Name', dataIndex: 'name', width: 400 },
          { title: 'City', dataIndex: 'city', width: 400 },
        ]}
        rowSelection={{}}
        scroll={{ x: 800 }}
        pagination={false}
      />
    </Card>,
  );
}

describe('table accessibility fixes', () => {
  it("make a list's scroll container a named region in the Tab order", () => {
    const { container } = renderList();
    const scroller = container.querySelector('.ant-table-content') as HTMLElement;
    expect(scroller.tabIndex).not.toBe(0);
    patchTables(container);
    const region = screen.getByRole('region', { name: 'Scrollable table: Customers' });
    expect(region).toBe(scroller);
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('tbody')?.textContent).toContain('Lucky Coffee');
  });

  it('take the focus away from the hidden measuring row (its copy of "select all" is a focusable checkbox)', () => {
    const { container } = renderList();
    const measure = container.querySelector('.ant-table-measure-row') as HTMLElement;
    const hiddenCheckbox = measure.querySelector('input[type="checkbox"]');
    expect(measure.getAttribute('aria-hidden')).toBe('true');
    expect(hiddenCheckbox).not.toBeNull();
    patchTables(container);
    // inert: nothing inside takes the focus (axe aria-hidden-focus in Chromium; jsdom has no inert behaviour).
    expect(hiddenCheckbox?.closest('[inert]')).toBe(measure);
    // The header's real "select all" is untouched.
    const header = container.querySelector('thead input[type="checkbox"]');
    expect(header?.closest('[inert]')).toBeNull();
  });
});
