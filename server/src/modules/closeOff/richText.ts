/**
 * A small reader of the rich-text editor's sanitized HTML (contentEditor values): paragraphs,
 * headings, list items and quotes, each a list of styled runs. Sanitized HTML holds only simple,
 * well-formed tags, so a tokenizer is enough; unknown tags keep their text and lose their meaning.
 */

export interface RichRun {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  link: string | null;
}

export interface RichBlock {
  kind: 'paragraph' | 'heading' | 'listItem' | 'quote';
  /** Heading level 1..6; list nesting depth 1..; 0 otherwise. */
  level: number;
  /** '•' or '3.' for list items. */
  marker: string | null;
  runs: RichRun[];
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

const BLOCK_TAGS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre']);
const TOKEN = /<\s*(\/)?\s*([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|<!--[\s\S]*?-->|([^<]+)/g;

export function parseRichText(html: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  const lists: { ordered: boolean; count: number }[] = [];
  const style = { bold: 0, italic: 0, underline: 0 };
  const links: string[] = [];
  let current: RichBlock | null = null;
  let quote = 0;

  const open = (kind: RichBlock['kind'], level: number, marker: string | null) => {
    current = { kind, level, marker, runs: [] };
    blocks.push(current);
  };
  const close = () => {
    current = null;
  };
  const append = (text: string) => {
    if (!current) open(quote ? 'quote' : 'paragraph', 0, null);
    const block = current!;
    // A block starts with its first visible character.
    const value = block.runs.length === 0 || block.runs.at(-1)!.text.endsWith('\n') ? text.trimStart() : text;
    if (!value) return;
    block.runs.push({
      text: value,
      bold: style.bold > 0 || block.kind === 'heading',
      italic: style.italic > 0,
      underline: style.underline > 0,
      link: links.at(-1) ?? null,
    });
  };

  for (const match of html.matchAll(TOKEN)) {
    const [, closing, rawTag, attributes, text] = match;
    if (text !== undefined) {
      const value = decodeEntities(text.replace(/\s+/g, ' '));
      if (value.trim() || (current && (current as RichBlock).runs.length)) append(value);
      continue;
    }
    if (!rawTag) continue;
    const tag = rawTag.toLowerCase();
    const delta = closing ? -1 : 1;
    if (tag === 'strong' || tag === 'b') style.bold = Math.max(0, style.bold + delta);
    else if (tag === 'em' || tag === 'i') style.italic = Math.max(0, style.italic + delta);
    else if (tag === 'u') style.underline = Math.max(0, style.underline + delta);
    else if (tag === 'a') {
      if (closing) links.pop();
      else links.push(/href\s*=\s*["']([^"']*)["']/i.exec(attributes ?? '')?.[1] ?? '');
    } else if (tag === 'br') append('\n');
    else if (tag === 'ul' || tag === 'ol') {
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', count: 0 });
      close();
    } else if (tag === 'blockquote') {
      quote = Math.max(0, quote + delta);
      close();
    } else if (BLOCK_TAGS.has(tag)) {
      if (closing) {
        close();
        continue;
      }
      if (tag === 'li') {
        const list = lists.at(-1);
        if (list) list.count += 1;
        open('listItem', Math.max(1, lists.length), list?.ordered ? `${list.count}.` : '•');
      } else if (/^h[1-6]$/.test(tag)) open('heading', Number(tag[1]), null);
      else if (current && (current as RichBlock).kind === 'listItem')
        continue; // <li><p>..</p></li>
      else open(quote ? 'quote' : 'paragraph', 0, null);
    }
  }
  for (const block of blocks) {
    const last = block.runs.at(-1);
    if (last) last.text = last.text.trimEnd();
  }
  return blocks.filter((block) => block.runs.some((run) => run.text.trim()));
}
