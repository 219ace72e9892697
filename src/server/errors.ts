// Game errors that services throw and the app turns into `{ error, code, params?, details? }` replies with the right status: each says a code of the catalogue, its English words built from the code's template.
import { BUILDINGS, BUILDING_TYPES, type BuildingType } from '../rules/buildings';
import { UNITS, UNIT_TYPES, type UnitType } from '../rules/units';
import { WONDERS, WONDER_TYPES, type WonderType } from '../rules/wonders';
import { ERROR_CATALOGUE, GAME_ERRORS, type ErrorTemplate } from './error-catalogue';

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The values an error's words were built from, by placeholder name. */
export type ErrorParams = Readonly<Record<string, string | number>>;

export interface ErrorDetail {
  field?: string;
  message: string;
  /** The code of `message`; a detail made without one gets the code its words are recognised as. */
  code?: ErrorCode;
  params?: ErrorParams;
}

/** What an error says: its code, the values its words are built from, and those words in English. */
export interface Said {
  code: ErrorCode;
  params?: ErrorParams;
  message: string;
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, value);
}

// ---------------------------------------------------------------------------------------------------------------------
// Formatters. `{{name}}` puts a value in as it is; `{{name, kind}}` has the formatter `kind` write it: the syntax and
// the names a client registers with i18next. Ids of the rules' tables stay ids in `params`, and each language writes
// their names; the lists are ids joined by commas ("longhouse:3,barracks:1", "bondi:5:2,catapult:3:0").

/** The values each formatter takes. */
interface KindValues {
  number: number;
  buildingName: BuildingType;
  unitName: UnitType;
  wonderName: WonderType;
  /** Buildings and levels as `type:level` joined by commas: "Longhouse level 3, Barracks level 1". */
  buildingLevels: string;
  /** Units short as `type:wanted:home` joined by commas: "5 Bondi (2 at home), 3 Catapult (0 at home)". */
  unitShortfall: string;
}
type Kind = keyof KindValues;

interface Formatter {
  /** The value written in English. */
  write(value: string | number): string;
  /** A regular expression source matching what `write` writes. */
  pattern: string;
  /** The value back from what `write` wrote. */
  read(text: string): string | number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A formatter writing the ids of one table as their names. */
function names(table: ReadonlyMap<string, string>): Formatter {
  const byName = new Map([...table].map(([id, name]) => [name, id]));
  return {
    write: (value) => table.get(String(value)) ?? String(value),
    pattern: [...table.values()]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|'),
    read: (text) => byName.get(text) ?? text,
  };
}

const buildingNames = names(new Map(BUILDING_TYPES.map((id) => [id, BUILDINGS[id].name])));
const unitNames = names(new Map(UNIT_TYPES.map((id) => [id, UNITS[id].name])));

/** A formatter of a comma-joined list whose items are `id:number...`, each written by `item`. */
function list(item: { write(parts: string[]): string; pattern: string; read(match: RegExpExecArray): string }): Formatter {
  const one = new RegExp(item.pattern, 'g');
  return {
    write: (value) =>
      String(value)
        .split(',')
        .map((entry) => item.write(entry.split(':')))
        .join(', '),
    pattern: `(?:${item.pattern})(?:, (?:${item.pattern}))*`,
    read: (text) => [...text.matchAll(one)].map((match) => item.read(match)).join(','),
  };
}

const FORMATTERS: Readonly<Record<Kind, Formatter>> = {
  number: {
    write: (value) => (typeof value === 'number' ? value.toLocaleString('en-GB') : value),
    pattern: '-?\\d{1,3}(?:,\\d{3})*(?:\\.\\d+)?',
    read: (text) => Number(text.replace(/,/g, '')),
  },
  buildingName: buildingNames,
  unitName: unitNames,
  wonderName: names(new Map(WONDER_TYPES.map((id) => [id, WONDERS[id].name]))),
  buildingLevels: list({
    write: ([type = '', level = '']) => `${buildingNames.write(type)} level ${level}`,
    pattern: `(${buildingNames.pattern}) level (\\d+)`,
    read: ([, name = '', level = '']) => `${buildingNames.read(name)}:${level}`,
  }),
  unitShortfall: list({
    write: ([type = '', wanted = '', home = '']) => `${wanted} ${unitNames.write(type)} (${home} at home)`,
    pattern: `(\\d+) (${unitNames.pattern}) \\((\\d+) at home\\)`,
    read: ([, wanted = '', name = '', home = '']) => `${unitNames.read(name)}:${wanted}:${home}`,
  }),
};

function isKind(value: string): value is Kind {
  return Object.hasOwn(FORMATTERS, value);
}

/** A value as it stands in the words: its formatter's writing, else the value itself. */
function written(value: string | number, kind: string | undefined): string {
  return kind !== undefined && isKind(kind) ? FORMATTERS[kind].write(value) : String(value);
}

// ---------------------------------------------------------------------------------------------------------------------
// Templates.

type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S;
/** Each placeholder of a template as `name` or `name, kind`. */
type Placeholders<T extends string> = T extends `${string}{{${infer Inner}}}${infer Rest}` ? Inner | Placeholders<Rest> : never;
type NameOf<P extends string> = P extends `${infer N},${string}` ? Trim<N> : Trim<P>;
type ValueOf<P extends string> = P extends `${string},${infer K}` ? (Trim<K> extends Kind ? KindValues[Trim<K>] : never) : string | number;
type TextsOf<T> = T extends string ? T : T extends { one: infer O extends string; other: infer P extends string } ? O | P : never;
type Plural<T> = T extends { one: string } ? { count: number } : unknown;
type Simplify<T> = { [K in keyof T]: T[K] };
type ParamsOfTemplate<T> = Simplify<{ [P in Placeholders<TextsOf<T>> as NameOf<P>]: ValueOf<P> } & Plural<T>>;

/** The params a code's words are built from, typed from its template: `{{x, number}}` a number, `{{x, buildingName}}` a building type. */
export type ParamsOf<C extends ErrorCode> = ParamsOfTemplate<(typeof ERROR_CATALOGUE)[C]>;
/** A code's params follow it when its template has placeholders; none may when it has none. */
export type ParamArgs<C extends ErrorCode> = keyof ParamsOf<C> extends never ? [] : [params: ParamsOf<C>];

const PLACEHOLDER = /\{\{\s*([^,}]+?)\s*(?:,\s*([^}]+?)\s*)?\}\}/g;

/** The template `params` pick: a plural's form by `count` (English: one for 1, other for the rest). */
function templateOf(code: ErrorCode, params: ErrorParams | undefined): string {
  const template: ErrorTemplate = ERROR_CATALOGUE[code];
  if (typeof template === 'string') return template;
  return params?.count === 1 ? template.one : template.other;
}

/** The English words of `code` with `params` put in: what i18next makes of the same template in English. */
export function errorText(code: ErrorCode, params?: ErrorParams): string {
  return templateOf(code, params).replace(PLACEHOLDER, (_whole, name: string, kind: string | undefined) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`The error ${code} needs the param ${name}`);
    return written(value, kind);
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// Recognising words. The shared rules (src/rules) word their refusals for the client and the server alike; the server
// learns which code a refusal is by matching its words against the templates of GAME_ERRORS.

interface Reader {
  code: ErrorCode;
  pattern: RegExp;
  /** Characters of the template outside its placeholders: the more, the more particular the template. */
  fixed: number;
  kinds: Map<string, string | undefined>;
}

function readerOf(code: ErrorCode, template: string): Reader {
  const kinds = new Map<string, string | undefined>();
  let pattern = '';
  let fixed = 0;
  let at = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const [whole, name = '', kind] = match;
    const literal = template.slice(at, match.index);
    pattern += escape(literal);
    fixed += literal.length;
    // A name used twice holds the same value twice.
    pattern += kinds.has(name) ? `\\k<${name}>` : `(?<${name}>${kind !== undefined && isKind(kind) ? FORMATTERS[kind].pattern : '.+?'})`;
    kinds.set(name, kind);
    at = match.index + whole.length;
  }
  const rest = template.slice(at);
  return { code, pattern: new RegExp(`^${pattern}${escape(rest)}$`, 's'), fixed: fixed + rest.length, kinds };
}

function textsOf(template: ErrorTemplate): string[] {
  return typeof template === 'string' ? [template] : [template.one, template.other];
}

interface Readers {
  /** Templates without placeholders, by their words. */
  exact: Map<string, ErrorCode>;
  /** The others, the most particular first. */
  patterns: Reader[];
}

let gameReaders: Readers | null = null;

function readers(): Readers {
  if (gameReaders) return gameReaders;
  const exact = new Map<string, ErrorCode>();
  const patterns: Reader[] = [];
  for (const [code, template] of Object.entries(GAME_ERRORS)) {
    if (!isErrorCode(code)) continue;
    for (const text of textsOf(template)) {
      if (text.includes('{{')) patterns.push(readerOf(code, text));
      else exact.set(text, code);
    }
  }
  patterns.sort((a, b) => b.fixed - a.fixed);
  gameReaders = { exact, patterns };
  return gameReaders;
}

/** A value read back from the words: its formatter's reading, else a whole number as a number, else the text. */
function readValue(text: string, kind: string | undefined): string | number {
  if (kind !== undefined && isKind(kind)) return FORMATTERS[kind].read(text);
  const number = Number(text);
  return text !== '' && String(number) === text ? number : text;
}

/** The params `reader` reads from `text`, when its template put in them words the very same text. */
function read(reader: Reader, text: string): ErrorParams | null {
  const groups = reader.pattern.exec(text)?.groups;
  if (!groups) return null;
  const params: Record<string, string | number> = {};
  for (const [name, kind] of reader.kinds) params[name] = readValue(groups[name] ?? '', kind);
  return errorText(reader.code, params) === text ? params : null;
}

/** The code and params of the game's refusal worded `text`, or null when no template of GAME_ERRORS words it. */
export function recognise(text: string): { code: ErrorCode; params?: ErrorParams } | null {
  const { exact, patterns } = readers();
  const known = exact.get(text);
  if (known) return { code: known };
  for (const reader of patterns) {
    const params = read(reader, text);
    if (params) return { code: reader.code, params };
  }
  return null;
}

/** The params of `text` worded by the template of `code` (either catalogue), or null when that template does not word it. */
export function readAs(code: ErrorCode, text: string): ErrorParams | null {
  for (const template of textsOf(ERROR_CATALOGUE[code])) {
    if (!template.includes('{{')) {
      if (template === text) return {};
      continue;
    }
    const params = read(readerOf(code, template), text);
    if (params) return params;
  }
  return null;
}

/** What `code` says with `params`. */
export function say<C extends ErrorCode>(code: C, ...args: ParamArgs<C>): Said;
export function say(code: ErrorCode, params?: ErrorParams): Said {
  return params ? { code, params, message: errorText(code, params) } : { code, message: errorText(code) };
}

/**
 * What a refusal worded by the shared rules says: its code and params, found by its words. Words no template matches
 * keep their text under the code `refused` (the API tests fail on it: every refusal belongs in the catalogue).
 */
export function worded(text: string): Said {
  const found = recognise(text);
  return found ? { ...found, message: text } : { code: 'refused', params: { reason: text }, message: text };
}

// ---------------------------------------------------------------------------------------------------------------------
// The errors.

type Status = 400 | 401 | 403 | 404 | 409 | 429 | 501 | 503;

/** A detail with its code: the one it was made with, else the one its words are recognised as. */
export function codedDetail(detail: ErrorDetail): ErrorDetail {
  if (detail.code) return detail;
  const { code, params } = worded(detail.message);
  return params ? { ...detail, code, params } : { ...detail, code };
}

export class GameError extends Error {
  readonly code: ErrorCode;
  readonly params?: ErrorParams;
  readonly details?: ErrorDetail[];

  constructor(
    readonly status: Status,
    said: Said,
    details?: ErrorDetail[],
  ) {
    super(said.message);
    this.code = said.code;
    if (said.params) this.params = said.params;
    if (details) this.details = details.map(codedDetail);
  }
}

/** After a code: its params when its template has placeholders, then the details (per field) if any. */
type Args<C extends ErrorCode> = [...ParamArgs<C>, details?: ErrorDetail[]];
type Rest = [paramsOrDetails?: ErrorParams | ErrorDetail[], details?: ErrorDetail[]];

/** A helper's arguments as the error they make: a code and its params, or what a refusal says; then the details. */
function errorOf(status: Status, what: ErrorCode | Said, [second, third]: Rest): GameError {
  const params = Array.isArray(second) ? undefined : second;
  const details = Array.isArray(second) ? second : third;
  if (typeof what !== 'string') return new GameError(status, what, details);
  return new GameError(status, params ? { code: what, params, message: errorText(what, params) } : { code: what, message: errorText(what) }, details);
}

export function badRequest<C extends ErrorCode>(code: C, ...args: Args<C>): GameError;
export function badRequest(said: Said, details?: ErrorDetail[]): GameError;
export function badRequest(what: ErrorCode | Said, ...rest: Rest): GameError {
  return errorOf(400, what, rest);
}

export function unauthorized(): GameError;
export function unauthorized<C extends ErrorCode>(code: C, ...args: ParamArgs<C>): GameError;
export function unauthorized(said: Said): GameError;
export function unauthorized(what: ErrorCode | Said = 'authentication_required', ...rest: Rest): GameError {
  return errorOf(401, what, rest);
}

export function forbidden(): GameError;
export function forbidden<C extends ErrorCode>(code: C, ...args: ParamArgs<C>): GameError;
export function forbidden(said: Said): GameError;
export function forbidden(what: ErrorCode | Said = 'no_permission', ...rest: Rest): GameError {
  return errorOf(403, what, rest);
}

export function notFound(): GameError;
export function notFound<C extends ErrorCode>(code: C, ...args: ParamArgs<C>): GameError;
export function notFound(said: Said): GameError;
export function notFound(what: ErrorCode | Said = 'not_found', ...rest: Rest): GameError {
  return errorOf(404, what, rest);
}

export function conflict<C extends ErrorCode>(code: C, ...args: Args<C>): GameError;
export function conflict(said: Said, details?: ErrorDetail[]): GameError;
export function conflict(what: ErrorCode | Said, ...rest: Rest): GameError {
  return errorOf(409, what, rest);
}

export function tooManyRequests<C extends ErrorCode>(code: C, ...args: ParamArgs<C>): GameError;
export function tooManyRequests(said: Said): GameError;
export function tooManyRequests(what: ErrorCode | Said, ...rest: Rest): GameError {
  return errorOf(429, what, rest);
}

export function maintenance(): GameError {
  return new GameError(503, say('world_in_maintenance'));
}

export const MAINTENANCE_MESSAGE = errorText('world_in_maintenance');

/** The reply of an error: `{ error, code, params?, details? }`, as the contract's `Error` schema has it. */
export function errorBody(said: Said, details?: readonly ErrorDetail[]) {
  return { error: said.message, code: said.code, ...(said.params ? { params: said.params } : {}), ...(details ? { details } : {}) };
}
