// The spot form's own controls, for fields whose form value is shown in another form: a price
// stored in fen, entered in yuan; images, a list of addresses, entered one per line. Each holds
// the contract's value (Arco's form item gives `value` and `onChange`), so the form's values are
// the contract's body and an untouched save sends the record back as it is.
import { useState } from 'react';
import { Input, InputNumber } from '@arco-design/web-react';

type Passed = Record<string, unknown>;

/** Fen in, fen out; yuan on screen (two decimals). Never clamped: the contract refuses. */
export function YuanInput({
  value,
  onChange,
  suffix,
  ...rest
}: {
  value?: number;
  onChange?(fen: number | undefined): void;
  suffix: string;
} & Passed) {
  return (
    <InputNumber
      {...rest}
      precision={2}
      suffix={suffix}
      style={{ width: '100%' }}
      value={typeof value === 'number' ? value / 100 : undefined}
      onChange={(yuan) =>
        onChange?.(
          typeof yuan === 'number' && !Number.isNaN(yuan) ? Math.round(yuan * 100) : undefined,
        )
      }
    />
  );
}

/** The addresses of a text, one per line: trimmed, blank lines left out. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** A list of strings, one per line. What is typed stays as typed (a new, still empty line). */
export function LinesInput({
  value,
  onChange,
  ...rest
}: {
  value?: string[];
  onChange?(lines: string[]): void;
} & Passed) {
  const list = value ?? [];
  const [text, setText] = useState(() => list.join('\n'));
  // A value set from outside (a reset, a reload) replaces the text; the user's own does not.
  const shown = sameList(linesOf(text), list) ? text : list.join('\n');
  return (
    <Input.TextArea
      {...rest}
      autoSize={{ minRows: 1, maxRows: 4 }}
      value={shown}
      onChange={(next: string) => {
        setText(next);
        onChange?.(linesOf(next));
      }}
    />
  );
}
