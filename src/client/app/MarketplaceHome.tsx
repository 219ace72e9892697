// /game/marketplace: the marketplace page with the army's movement list showing its shipments (features never import each other, so app/ composes).
import { MovementList, type MovementListText } from '../features/army/MovementList';
import MarketplacePage, { type ShipmentListProps } from '../features/marketplace/MarketplacePage';

const SHIPMENTS_TEXT: MovementListText = {
  title: 'Shipments',
  noneIncoming: 'No merchants are coming to this village.',
  noneOutgoing: 'No merchants of this village are on the road.',
};

function Shipments(props: ShipmentListProps) {
  return <MovementList {...props} text={SHIPMENTS_TEXT} />;
}

export default function MarketplaceHome() {
  return <MarketplacePage ShipmentList={Shipments} />;
}
