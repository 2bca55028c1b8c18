import { Button, type ButtonProps, Tooltip } from 'antd';

/**
 * A button of the top bar: an icon without a frame, named for assistive technology by `label`, which the
 * tooltip shows too unless it says something else (`tooltip`). A Dropdown or Popover around it reaches the
 * button through the props it passes on.
 */
export function TopbarButton({
  label,
  tooltip,
  ...button
}: Omit<ButtonProps, 'type' | 'className' | 'aria-label'> & { label: string; tooltip?: string }) {
  return (
    <Tooltip title={tooltip ?? label}>
      <Button type="text" className="ra-topbar-btn" aria-label={label} {...button} />
    </Tooltip>
  );
}
