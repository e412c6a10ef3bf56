import { Lexer, type Token, type Tokens } from 'marked';
import type { ReactNode } from 'react';

/**
 * Markdown (DataHub's descriptions are Markdown) rendered as React elements from marked's tokens, never
 * as HTML: HTML in the text shows as text, links go only to http(s), mailto and the app's own addresses
 * (others show their text), images show as a link to their address. Headings start below the page's own.
 */
export function Markdown({ text }: { text: string }) {
  return <div className="markdown">{blocks(Lexer.lex(text, { gfm: true }))}</div>;
}

const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#)/i;

function blocks(tokens: readonly Token[]): ReactNode[] {
  return tokens.map((t, i) => block(t, i));
}

function block(t: Token, key: number): ReactNode {
  switch (t.type) {
    case 'paragraph':
      return <p key={key}>{inline((t as Tokens.Paragraph).tokens)}</p>;
    case 'heading': {
      const h = t as Tokens.Heading;
      const Tag = `h${Math.min(6, h.depth + 2)}` as 'h3';
      return <Tag key={key}>{inline(h.tokens)}</Tag>;
    }
    case 'list': {
      const l = t as Tokens.List;
      const items = l.items.map((item, j) => <li key={j}>{blocks(item.tokens)}</li>);
      return l.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
    case 'code':
      return (
        <pre key={key}>
          <code>{(t as Tokens.Code).text}</code>
        </pre>
      );
    case 'blockquote':
      return <blockquote key={key}>{blocks((t as Tokens.Blockquote).tokens)}</blockquote>;
    case 'table': {
      const tb = t as Tokens.Table;
      return (
        <table key={key}>
          <thead>
            <tr>
              {tb.header.map((c, j) => (
                <th key={j} scope="col">
                  {inline(c.tokens)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tb.rows.map((row, r) => (
              <tr key={r}>
                {row.map((c, j) => (
                  <td key={j}>{inline(c.tokens)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case 'hr':
      return <hr key={key} />;
    case 'space':
      return null;
    case 'text': {
      const tx = t as Tokens.Text;
      return <p key={key}>{tx.tokens ? inline(tx.tokens) : tx.text}</p>;
    }
    default:
      // HTML and anything else: its source, as text.
      return <p key={key}>{t.raw}</p>;
  }
}

function inline(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((t, i) => span(t, i));
}

function span(t: Token, key: number): ReactNode {
  switch (t.type) {
    case 'text': {
      const tx = t as Tokens.Text;
      return tx.tokens ? <span key={key}>{inline(tx.tokens)}</span> : tx.text;
    }
    case 'strong':
      return <strong key={key}>{inline((t as Tokens.Strong).tokens)}</strong>;
    case 'em':
      return <em key={key}>{inline((t as Tokens.Em).tokens)}</em>;
    case 'del':
      return <del key={key}>{inline((t as Tokens.Del).tokens)}</del>;
    case 'codespan':
      return <code key={key}>{(t as Tokens.Codespan).text}</code>;
    case 'br':
      return <br key={key} />;
    case 'link': {
      const l = t as Tokens.Link;
      if (!SAFE_LINK.test(l.href.trim())) return <span key={key}>{inline(l.tokens)}</span>;
      return (
        <a
          key={key}
          href={l.href}
          rel="noopener noreferrer nofollow"
          target={l.href.startsWith('/') ? undefined : '_blank'}
        >
          {inline(l.tokens)}
        </a>
      );
    }
    case 'image': {
      const im = t as Tokens.Image;
      const label = `image: ${im.text || im.href}`;
      return SAFE_LINK.test(im.href.trim()) ? (
        <a key={key} href={im.href} rel="noopener noreferrer nofollow" target="_blank">
          [{label}]
        </a>
      ) : (
        `[${label}]`
      );
    }
    case 'escape':
      return (t as Tokens.Escape).text;
    default:
      // Inline HTML and anything else: its source, as text.
      return t.raw;
  }
}
