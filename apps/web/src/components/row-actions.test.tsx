import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, resetAfterEach } from '../test/render-with-app';
import { RowActions } from './row-actions';

resetAfterEach();

describe('row actions', () => {
  it('shows the first action as a button and the others under More, asking before a delete', {
    timeout: 60_000,
  }, async () => {
    const edit = vi.fn();
    const reset = vi.fn();
    const remove = vi.fn();
    await renderWithApp(
      <RowActions
        inline={1}
        actions={[
          { key: 'edit', label: 'Edit', onClick: edit },
          { key: 'hidden', label: 'Pause', onClick: vi.fn(), visible: false },
          { key: 'reset', label: 'Reset password', onClick: reset },
          { key: 'delete', label: 'Delete', danger: true, confirm: 'Delete Lucky Coffee?', onClick: remove },
        ]}
      />,
      'en',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(edit).toHaveBeenCalledOnce();
    // Only one button and "More" take room in the row; a hidden action is nowhere.
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /More/ }));
    expect(await screen.findByRole('menuitem', { name: 'Reset password' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Pause' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect((await screen.findAllByText('Delete Lucky Coffee?', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(remove).toHaveBeenCalledOnce());
  });

  it('shows a lone extra action as a button rather than a menu of one (zh)', { timeout: 60_000 }, async () => {
    await renderWithApp(
      <RowActions
        inline={1}
        actions={[
          { key: 'edit', label: '编辑', onClick: vi.fn() },
          { key: 'reset', label: '重置密码', onClick: vi.fn() },
        ]}
      />,
      'zh',
    );
    expect(await screen.findByRole('button', { name: '重置密码' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /更多/ })).toBeNull();
  });
});
