// /game/marketplace: the marketplace page with the army's movement list showing its shipments (features never import each other, so app/ composes).
import { useTranslation } from 'react-i18next';
import { MovementList, type MovementListText } from '../features/army/MovementList';
import MarketplacePage, { type ShipmentListProps } from '../features/marketplace/MarketplacePage';

function Shipments(props: ShipmentListProps) {
  const { t } = useTranslation('app');
  const text: MovementListText = { title: t('shipments.title'), noneIncoming: t('shipments.noneIncoming'), noneOutgoing: t('shipments.noneOutgoing') };
  return <MovementList {...props} text={text} />;
}

export default function MarketplaceHome() {
  return <MarketplacePage ShipmentList={Shipments} />;
}
