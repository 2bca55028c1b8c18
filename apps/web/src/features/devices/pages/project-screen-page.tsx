import { ScreensPage } from './screen-management-page';

export default function ProjectScreenPage() {
  return <ScreensPage project />;
}
