import { InboxOutlined } from '@ant-design/icons';
import { Alert, Tag, Upload } from 'antd';

/**
 * The file part of an Excel import (spec section 5): the template to download, the drop zone for one
 * .xlsx or .xls file, and why the last file was refused.
 */
export function ImportDropZone({
  templateHref,
  templateText,
  busy,
  text,
  hint,
  error,
  onFile,
}: {
  templateHref: string;
  templateText: string;
  busy: boolean;
  /** What the zone says (drop here, or what is happening). */
  text: string;
  hint?: string;
  error: string | null;
  onFile: (file: File) => void;
}) {
  return (
    <>
      <a href={templateHref} download>
        {templateText}
      </a>
      <Upload.Dragger
        accept=".xlsx,.xls"
        multiple={false}
        maxCount={1}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          onFile(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{text}</p>
        {hint && <p className="ant-upload-hint">{hint}</p>}
      </Upload.Dragger>
      {error && <Alert type="error" showIcon message={error} />}
    </>
  );
}

/** A checked row's result: accepted, or the reason it was refused (in the user's language, from the server). */
export function ImportRowResult({ ok, msg, okText }: { ok: boolean; msg: string | null; okText: string }) {
  return ok ? <Tag color="green">{okText}</Tag> : <Tag color="red">{msg}</Tag>;
}
