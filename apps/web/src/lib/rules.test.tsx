import { messageFor } from '@robot-ads/contracts/common/errors';
import { fireEvent, screen } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithApp, resetAfterEach } from '../test/render-with-app';
import { checkRule, schemaRule } from './rules';

resetAfterEach();

describe('form rules from the contracts', () => {
  it('star the fields that refuse an empty value, keep the schema message, and leave optional ones unstarred', async () => {
    const name = z.string().min(2, 'NAME_LENGTH');
    const note = z.string().max(10, 'NAME_LENGTH').optional();
    await renderWithApp(
      <Form>
        <Form.Item name="name" label="Name" rules={[schemaRule(name)]}>
          <Input aria-label="Name" />
        </Form.Item>
        <Form.Item name="note" label="Note" rules={[schemaRule(note)]}>
          <Input aria-label="Note" />
        </Form.Item>
        <Form.Item name="code" label="Code" rules={[checkRule((v) => (v ? null : 'NAME_LENGTH'))]}>
          <Input aria-label="Code" />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>,
      'en',
    );
    const label = (text: string) => screen.getByText(text).closest('label') as HTMLElement;
    expect(label('Name').className).toContain('ant-form-item-required');
    expect(label('Code').className).toContain('ant-form-item-required');
    expect(label('Note').className).not.toContain('ant-form-item-required');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The schema's own message, not antd's generic "Please enter Name".
    expect(await screen.findAllByText(messageFor('NAME_LENGTH', 'en'))).toHaveLength(2);
    expect(screen.queryByText(/Please enter/)).toBeNull();
  });
});
