import { ExportButton } from '../../../components/export-progress';
import { LIST_EXPORT_STATE_PATH, type ListExportPath, startListExport } from '../api/exports';

/** Exports the list as it is filtered (xlsx, with progress); disabled while the list is empty. */
export function ListExportButton({ path, filters, total }: { path: ListExportPath; filters: object; total?: number }) {
  return (
    <ExportButton disabled={!total} statePath={LIST_EXPORT_STATE_PATH} start={() => startListExport(path, filters)} />
  );
}
