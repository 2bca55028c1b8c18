import { useState } from 'react';
import { useRobots } from '../api/devices';
import { DeviceFilters, type Filters } from './device-filters';
import { RobotTable } from './robot-table';

type RobotTableProps = Parameters<typeof RobotTable>[0];

/** The state of a device list: the applied filters, the page and the query that loads it. */
export function useRobotList() {
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const robots = useRobots({ ...page, ...filters });
  return { filters, setFilters, page, setPage, robots };
}

export type RobotListState = ReturnType<typeof useRobotList>;

/**
 * The filters + table + paging block that the device pages share (device delivery, details, screen price,
 * screen management): a search goes back to the first page; the empty state says when a filter is applied.
 */
export function RobotList({
  list,
  distance,
  ...table
}: { list: RobotListState; distance?: boolean } & Pick<RobotTableProps, 'onOpen' | 'extraColumns' | 'rowSelection'>) {
  const { filters, setFilters, page, setPage, robots } = list;
  return (
    <>
      <DeviceFilters
        distance={distance}
        onSearch={(f) => {
          setFilters(f);
          setPage((p) => ({ ...p, start: 0 }));
        }}
      />
      <RobotTable
        data={robots.data?.datas ?? []}
        total={robots.data?.total ?? 0}
        query={robots}
        filtered={Object.values(filters).some((v) => v !== undefined && v !== '')}
        page={page}
        onPage={setPage}
        {...table}
      />
    </>
  );
}
