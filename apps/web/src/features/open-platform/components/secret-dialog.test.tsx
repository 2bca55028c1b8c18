import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import { SecretDialog } from './secret-dialog';

resetAfterEach();

describe.each([
  ['zh', /^关\s?闭$/, '已复制'],
  ['en', 'Close', 'I have copied it'],
] as const)('the secret dialog (%s)', (language, close, copied) => {
  it('says it was copied only after every value has been copied', async () => {
    // jsdom has no clipboard: the copy falls back to execCommand('copy'), which a browser answers.
    document.execCommand = () => true;
    await renderWithApp(
      <SecretDialog
        open
        title="Client credentials"
        warning="Copy it now"
        values={[
          { label: 'Client ID', value: 'op0123456789abcdef0123' },
          { label: 'Client secret', value: 's3cr3t' },
        ]}
        onClose={() => {}}
      />,
      language,
    );
    await screen.findByText('Copy it now');
    const footer = () => within(document.querySelector('.ant-modal-footer') as HTMLElement);
    expect(await footer().findByRole('button', { name: close })).toBeTruthy();
    expect(footer().queryByRole('button', { name: copied })).toBeNull();
    const copies = document.querySelectorAll('.ant-typography-copy');
    expect(copies).toHaveLength(2);
    fireEvent.click(copies[0] as Element);
    // One of two copied: still not "copied".
    await waitFor(() => expect(footer().queryByRole('button', { name: copied })).toBeNull());
    fireEvent.click(copies[1] as Element);
    expect(await footer().findByRole('button', { name: copied })).toBeTruthy();
  });
});
