import { Button, Input, Space } from 'antd';
import { useState } from 'react';

/**
 * A one-field search above a list: the text (trimmed) is applied on Enter or with the button, and the list
 * goes back to its first page (`onSearch` does both). The texts come from the page's namespace.
 */
export function TextSearch({
  label,
  buttonText,
  onSearch,
}: {
  /** The field's placeholder and accessible name. */
  label: string;
  buttonText: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState('');
  return (
    <Space style={{ marginBottom: 16 }}>
      <Input
        allowClear
        placeholder={label}
        aria-label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => onSearch(text.trim())}
      />
      <Button onClick={() => onSearch(text.trim())}>{buttonText}</Button>
    </Space>
  );
}
