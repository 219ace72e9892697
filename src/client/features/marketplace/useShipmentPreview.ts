// The server's preview of the shipment being typed, asked once typing has rested; the last one stays shown (marked old) meanwhile.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiError } from '../../api/client';
import type { Shipment, ShipmentPreview } from '../../api/trade';
import { shipmentPreviewQuery } from '../../state/queries';
import type { Viewer } from '../../state/queryKeys';

/** Typing settles this long before the server is asked. */
export const PREVIEW_DELAY_MS = 400;

const NO_SHIPMENT: Shipment = { x: 0, y: 0, resources: { timber: 0, stone: 0, iron: 0, mead: 0 } };

export interface PreviewState {
  /** The preview shown: of the shipment typed, or the last one while the next is awaited; null without one. */
  preview: ShipmentPreview | null;
  /** The preview is of exactly the shipment typed (sending may rely on its refusal). */
  current: boolean;
  /** Why the server could not preview the shipment typed (no village on that tile, ...), or null. */
  error: string | null;
}

export function useShipmentPreview(viewer: Viewer, villageId: string, shipment: Shipment | null): PreviewState {
  const { t } = useTranslation('marketplace');
  const wanted = shipment ? JSON.stringify(shipment) : null;
  const [rested, setRested] = useState<string | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setRested(wanted), PREVIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [wanted]);
  const settled = wanted !== null && rested === wanted;
  const query = useQuery({ ...shipmentPreviewQuery(viewer, villageId, shipment ?? NO_SHIPMENT), enabled: viewer !== null && settled });
  if (!shipment) return { preview: null, current: false, error: null };
  const error = settled && query.isError ? apiError(query.error, t('preview.failed')) : null;
  return { preview: error ? null : (query.data ?? null), current: settled && query.isSuccess && !query.isPlaceholderData, error };
}
