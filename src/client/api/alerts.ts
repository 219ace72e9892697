// Typed calls of the alerts tag: the last alerts, this browser's push settings, subscribing it and unsubscribing it.
import { api, unwrap } from './client';
import type { Schema } from '../../contract';

export type Alert = Schema<'Alert'>;
export type AlertKind = Schema<'AlertKind'>;
export type AlertSettings = Schema<'AlertSettings'>;
export type AlertSubscriptionRequest = Schema<'AlertSubscriptionRequest'>;

/** The caller's last alerts, newest first. */
export async function listAlerts(signal?: AbortSignal): Promise<Alert[]> {
  const { alerts } = await unwrap(api.GET('/api/alerts', { signal }));
  return alerts;
}

/** The server's public key, and what the browser at `endpoint` (if any) receives. */
export function getAlertSettings(endpoint: string | null, signal?: AbortSignal): Promise<AlertSettings> {
  return unwrap(api.GET('/api/alerts/settings', { params: { query: endpoint ? { endpoint } : {} }, signal }));
}

/** Keeps this browser's subscription with the alerts it wants. */
export function saveAlertSubscription(body: AlertSubscriptionRequest): Promise<AlertSettings> {
  return unwrap(api.PUT('/api/alerts/subscription', { body }));
}

/** No alert goes to the browser at `endpoint` any more. */
export async function deleteAlertSubscription(endpoint: string): Promise<void> {
  await unwrap(api.DELETE('/api/alerts/subscription', { params: { query: { endpoint } } }));
}
