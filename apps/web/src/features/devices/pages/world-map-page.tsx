import { MapPage } from './online-map-page';

export default function WorldMapPage() {
  return <MapPage world />;
}
