import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { feedback, useFeedback } from '../lib/feedback';
import { renderWithApp, resetAfterEach } from '../test/render-with-app';
import { LazyFeedback } from './lazy-feedback';

resetAfterEach();

/** The open confirmation dialog's title (antd also writes it, hidden, for the dialog's label). */
const dialogTitle = () => document.querySelector('.ant-modal-confirm-title')?.textContent ?? undefined;

function Actions() {
  const { message, modal, notification } = useFeedback();
  return (
    <>
      <button type="button" onClick={() => void message.success('Saved')}>
        message
      </button>
      <button type="button" onClick={() => notification.info({ title: 'New order', description: 'O-7 arrived' })}>
        notice
      </button>
      <button
        type="button"
        onClick={() => {
          const dialog = modal.confirm({ title: 'Log out?', okText: 'OK', cancelText: 'Cancel' });
          void dialog.then(
            (confirmed) => message.info(confirmed ? 'confirmed' : 'kept'),
            () => {},
          );
        }}
      >
        confirm
      </button>
    </>
  );
}

describe('messages, notices and dialogs of the logged-in pages (holders loaded on first use)', () => {
  it('show what the first call asked for, and what later calls ask, from inside and outside components', async () => {
    const user = userEvent.setup();
    await renderWithApp(
      <LazyFeedback>
        <Actions />
      </LazyFeedback>,
      'en',
    );
    await user.click(screen.getByRole('button', { name: 'message' }));
    expect(await screen.findByText('Saved')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'notice' }));
    expect(await screen.findByText('O-7 arrived')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(dialogTitle()).toBe('Log out?'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('kept')).toBeTruthy();

    feedback()?.message.error('The server is away');
    expect(await screen.findByText('The server is away')).toBeTruthy();
  });

  it('a handle taken before the holders loaded closes what it opened', async () => {
    let close: (() => void) | undefined;
    function Opener() {
      const { modal } = useFeedback();
      return (
        <button type="button" onClick={() => (close = modal.info({ title: 'Details', okText: 'OK' }).destroy)}>
          open
        </button>
      );
    }
    const user = userEvent.setup();
    await renderWithApp(
      <LazyFeedback>
        <Opener />
      </LazyFeedback>,
      'en',
    );
    await user.click(screen.getByRole('button', { name: 'open' }));
    await waitFor(() => expect(dialogTitle()).toBe('Details'));
    close?.();
    // The dialog leaves (jsdom runs no animation, so its leaving state is what shows it closed).
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm')?.classList.contains('ant-zoom-leave') ?? true).toBe(true),
    );
  });
});
