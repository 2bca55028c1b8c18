import { act, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../test/render-with-app';
import { ApiError, api } from './api-client';
import { errorLogStore, recordError } from './error-log';
import { describeFailure, showFormFailure, submitForm } from './form-errors';

resetAfterEach();

/** A form with one field, `name`, required; `formRef` receives its instance. */
function NameForm({ formRef }: { formRef: { current: FormInstance | null } }) {
  const [form] = Form.useForm();
  formRef.current = form;
  return (
    <Form form={form}>
      <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name is required' }]}>
        <Input />
      </Form.Item>
    </Form>
  );
}

async function renderForm() {
  const ref: { current: FormInstance | null } = { current: null };
  await renderWithApp(<NameForm formRef={ref} />, 'en');
  return ref.current as FormInstance;
}

describe('one place turns a refused call into what a person reads', { timeout: 60_000 }, () => {
  it('a rule that fails in the browser shows under its field; the submit resolves false and toasts nothing', async () => {
    const form = await renderForm();
    const toast = vi.fn();
    const save = vi.fn();
    let result: boolean | undefined;
    await act(async () => {
      result = await submitForm(form, toast, save);
    });
    expect(result).toBe(false);
    expect(save).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    expect(await screen.findByText('Name is required')).toBeTruthy();
  });

  it('a refusal naming a field of the form shows under that field, in the language of the answer', async () => {
    const form = await renderForm();
    form.setFieldsValue({ name: 'Shop' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { success: false, code: 'NAME_TAKEN', msg: 'This name is taken', field: 'name' })),
    );
    const toast = vi.fn();
    let result: boolean | undefined;
    await act(async () => {
      result = await submitForm(form, toast, (v) => api.post('/api/Things', v, { silent: true }));
    });
    expect(result).toBe(false);
    expect(toast).not.toHaveBeenCalled();
    expect(form.getFieldError('name')).toHaveLength(1);
    expect(await screen.findByText(/./, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
  });

  it('a refusal without a field of the form is one toast: not twice when the API client already showed it', () => {
    const toast = vi.fn();
    const quiet = new ApiError('FORBIDDEN', 'You may not do this', 403);
    expect(showFormFailure(null, quiet, toast)).toBe('toast');
    expect(toast).toHaveBeenCalledWith('You may not do this');
    const shown = new ApiError('FORBIDDEN', 'You may not do this', 403);
    shown.shown = true;
    expect(showFormFailure(null, shown, toast)).toBe('shown');
    expect(toast).toHaveBeenCalledTimes(1);
    // Anything else (a bug thrown in the save) gets the general text in the user's language, never "[object Object]".
    showFormFailure(null, { odd: true }, toast, 'Could not save');
    expect(toast).toHaveBeenLastCalledWith('Could not save');
  });

  it('names the failed call on an API error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { success: false, code: 'FORBIDDEN', msg: 'no permission' })),
    );
    const error = await api.post('/api/Orders?x=1', {}, { silent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).call).toBe('POST /api/Orders');
    expect(describeFailure(error).message).toMatch(/^FORBIDDEN: .+ \(POST \/api\/Orders 403\)$/);
  });
});

describe('the browser error reporter', () => {
  it('records code, message and call, never "[object Object]"', () => {
    errorLogStore.set([]);
    const refused = new ApiError('PLAYLIST_NAME_REQUIRED', 'Enter the plan name', 400, 'name');
    refused.call = 'POST /api/Playlists';
    recordError('unhandledrejection', refused);
    recordError('unhandledrejection', { errorFields: [{ name: ['name'], errors: ['required'] }], values: {} });
    recordError('unhandledrejection', { code: 'X1', msg: 'plain object' });
    const messages = errorLogStore.get().map((e) => e.message);
    expect(messages).toEqual([
      'X1: plain object',
      'form validation failed: name',
      'PLAYLIST_NAME_REQUIRED: Enter the plan name (POST /api/Playlists 400)',
    ]);
    expect(messages.join()).not.toContain('[object Object]');
  });

  it('records an unhandled rejection of the window', async () => {
    errorLogStore.set([]);
    const { installErrorLog } = await import('./error-log');
    installErrorLog();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const event = new Event('unhandledrejection') as Event & { reason: unknown };
    event.reason = { code: 'E2', message: 'from a form' };
    window.dispatchEvent(event);
    await waitFor(() => expect(errorLogStore.get()[0]?.message).toBe('E2: from a form'));
    expect(spy).toHaveBeenCalledWith('unhandled rejection: E2: from a form');
  });
});
