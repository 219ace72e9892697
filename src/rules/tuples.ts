// Reading plain strings and records against the `as const` tuples the rules name their types by (BUILDING_TYPES, ROLES, ...).

/** Whether `value` is one of `values`: the type guard behind isBuildingType, isUnitType, isRole and the like. */
export function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return values.some((known) => known === value);
}

/** The entries of a record keyed by a tuple's members, in the tuple's order, leaving out missing keys. */
export function entriesOf<K extends string, V>(keys: readonly K[], record: Partial<Record<K, V>>): [K, V][] {
  const out: [K, V][] = [];
  for (const key of keys) {
    const value = record[key];
    if (value !== undefined) out.push([key, value]);
  }
  return out;
}
