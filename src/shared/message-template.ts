/**
 * The machinery behind MSG (messages.ts): every message has a code (its key in MSG,
 * dotted for a group: 'dutyNotFound', 'fields.trainNumber'), and a message that takes
 * values is a template written once, in English, with {{placeholders}} — the same text
 * the English catalogue of the web is made of (decision 0030).
 *
 * A template is a function (MSG.crewTooLarge(60) is the English text, as before) that
 * also knows its code, its English forms and the values its placeholders take, so the
 * server can send `{code, params}` beside the text and the web can render the same
 * message in another language. Every text MSG holds or a template built is known here
 * by its words (`describeMessage`), so a text that went through a schema (zod keeps
 * only the words) is still sent with its code and values.
 */

/** A placeholder's value: as English shows it, or another message (a field's name) by its code. */
export type ParamValue = string | number | { code: string };
/** The values of a message's placeholders, by placeholder name ('0', '1', 'count'). */
export type MessageParams = Record<string, ParamValue>;

/** A message as the API sends it beside its words: the code, and the values when it takes some. */
export interface DescribedMessage {
  code: string;
  params?: MessageParams;
}

/** The suffix of a form that is not the main text (i18next's plural suffixes, or a variant). */
type FormSuffix = '' | '_one' | '_other' | '_anonymous';

export interface MessageTemplate<A extends unknown[]> {
  (...args: A): string;
  /** The English forms, by suffix: {'': '…{{0}}…'}, or {_one, _other} for a count. */
  readonly forms: Readonly<Partial<Record<FormSuffix, string>>>;
  /** The placeholders' values and the form that fits them, for the given arguments. */
  readonly resolve: (...args: A) => { form: FormSuffix; params: Record<string, string | number> };
  /** Placeholders whose value names a field: sent as the field's code when it is a MSG text. */
  readonly fields: readonly string[];
  /** The code, set when MSG is indexed. */
  code: string;
}

interface TemplateOptions<A extends unknown[]> {
  /** The placeholders' values (default: argument i as {{i}}). */
  values?: (...args: A) => Record<string, string | number>;
  /** Placeholders that name a field (a MSG text, translated in turn). */
  fields?: readonly string[];
  /** The form when the first argument is empty (a default name, translated). */
  anonymous?: string;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** A template's English text with its values in. */
function fill(text: string, values: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => String(values[name]));
}

/** The names of a text's placeholders. */
function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

const positional = (...args: unknown[]) => Object.fromEntries(args.map((arg, i) => [String(i), arg as string | number]));

/** A message with values: `{{0}}`, `{{1}}`… take the arguments in order unless `values` says otherwise. */
export function template<A extends unknown[]>(text: string, options: TemplateOptions<A> = {}): MessageTemplate<A> {
  const values = options.values ?? (positional as (...args: A) => Record<string, string | number>);
  const forms: Partial<Record<FormSuffix, string>> = { '': text };
  if (options.anonymous !== undefined) forms._anonymous = options.anonymous;
  const resolve = (...args: A) => ({
    form: (options.anonymous !== undefined && !args[0] ? '_anonymous' : '') as FormSuffix,
    params: values(...args),
  });
  return build(forms, resolve, options.fields ?? []);
}

/** A message about a count (its first argument): English says "1 row" and "3 rows". */
export function plural(forms: { one: string; other: string }): MessageTemplate<[count: number]> {
  return build({ _one: forms.one, _other: forms.other }, (count) => ({ form: count === 1 ? '_one' : '_other', params: { count } }), []);
}

function build<A extends unknown[]>(
  forms: Partial<Record<FormSuffix, string>>,
  resolve: (...args: A) => { form: FormSuffix; params: Record<string, string | number> },
  fields: readonly string[],
): MessageTemplate<A> {
  const message = ((...args: A) => {
    const { form, params } = resolve(...args);
    const text = fill(forms[form]!, params);
    if (message.code) {
      const described = describeCall(message, args);
      remember(text, described.code, described.params);
    }
    return text;
  }) as MessageTemplate<A>;
  Object.assign(message, { forms, resolve, fields, code: '' });
  return message;
}

/** Every MSG text (never forgotten) and every text a template built (the latest ones). */
const known = new Map<string, DescribedMessage>();
/** The texts each template built, oldest first, so a template called with data keeps only its latest. */
const builtBy = new Map<string, string[]>();
/**
 * How many texts of one template are kept. The schemas build theirs once, when they are
 * made (a few dozen per template at most); a message built per request with data (an
 * import's counts) is described right after it is built, and only its latest are kept,
 * so memory stays bounded however long the server runs.
 */
const KEPT_PER_TEMPLATE = 512;

/**
 * The code and values of a template called with these arguments: the code with its form's
 * suffix when the form is a text of its own ('adminGreeting_anonymous'), the values
 * otherwise, a field's name as its code.
 */
export function describeCall<A extends unknown[]>(message: MessageTemplate<A>, args: A): DescribedMessage {
  const { form, params } = message.resolve(...args);
  if (form === '_anonymous') return { code: message.code + form };
  return { code: message.code, params: paramsFor(message.fields, params) };
}

function remember(text: string, code: string, params: MessageParams | undefined): void {
  if (known.has(text)) return;
  known.set(text, params ? { code, params } : { code });
  const texts = builtBy.get(code) ?? [];
  texts.push(text);
  builtBy.set(code, texts);
  if (texts.length > KEPT_PER_TEMPLATE) known.delete(texts.shift()!);
}

function paramsFor(fields: readonly string[], values: Record<string, string | number>): MessageParams {
  const params: MessageParams = { ...values };
  for (const name of fields) {
    const value = values[name];
    const field = typeof value === 'string' ? known.get(value) : undefined;
    if (field && !field.params) params[name] = { code: field.code };
  }
  return params;
}

type Tree = { readonly [key: string]: unknown };

/**
 * Gives every MSG entry its code (its path) and makes its texts known. Called by
 * site-messages.ts and by messages.ts (whose MSG includes SITE_MSG); a text two entries
 * share would make its code ambiguous, so it is refused (one code per text;
 * messages.test.ts holds it too).
 */
export function indexMessages(tree: Tree, prefix = ''): void {
  for (const [key, value] of Object.entries(tree)) {
    const code = prefix + key;
    if (typeof value === 'string') {
      const before = known.get(value);
      // (SITE_MSG's entries are indexed twice, alone and within MSG, under the same code)
      if (before && before.code !== code) throw new Error(`MSG.${code} has the words of MSG.${before.code}: one code per text`);
      known.set(value, { code });
    } else if (typeof value === 'function') {
      (value as MessageTemplate<never[]>).code = code;
      const forms = (value as MessageTemplate<never[]>).forms;
      // a form without placeholders ('Hi, Admin!') is a text of its own
      for (const [suffix, text] of Object.entries(forms)) if (text && placeholdersOf(text).length === 0) known.set(text, { code: code + suffix });
    } else if (value && typeof value === 'object') {
      indexMessages(value as Tree, `${code}.`);
    }
  }
}

/**
 * The code (and values) of a text MSG holds or a template built; undefined for any other
 * text (data, a driver's words). Exact words only: nothing is guessed from a pattern.
 */
export function describeMessage(text: string): DescribedMessage | undefined {
  return known.get(text);
}
