// Form rules from the shared contracts (one rule, one place): a field is checked with the
// same zod schema the server uses, and the issue becomes a localized message.
import type { IntlShape } from 'react-intl';
import type { RulesProps } from '@arco-design/web-react';
import type { z } from 'zod';
import type { FieldError } from '@console/shared/contracts/envelope';
import { PROFILE_MAX_WORDS } from '@console/shared/contracts/profile';

interface IssueLike {
  code?: string;
  message: string;
  maximum?: unknown;
}

export function issueMessage(intl: IntlShape, issue: IssueLike): string {
  switch (issue.message) {
    case 'required':
      return intl.formatMessage({ id: 'form.required' });
    case 'email':
      return intl.formatMessage({ id: 'form.email' });
    case 'maxWords':
      return intl.formatMessage({ id: 'form.maxWords' }, { max: PROFILE_MAX_WORDS });
  }
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
    return intl.formatMessage({ id: 'form.tooLong' }, { max: issue.maximum });
  }
  return issue.message;
}

/** An Arco form rule that validates one field with its contract schema. */
export function contractRule(intl: IntlShape, schema: z.ZodType): RulesProps {
  return {
    validator: (value: unknown, callback: (error?: string) => void) => {
      const result = schema.safeParse(value ?? '');
      callback(
        result.success ? undefined : issueMessage(intl, result.error.issues[0] as IssueLike),
      );
    },
  };
}

/** Puts the server's field errors (400 VALIDATION_FAILED) on the form. */
type FieldErrorsSetter<K extends string> = {
  setFields(obj: Partial<Record<K, { error?: { message: string } }>>): void;
};

export function showFieldErrors<K extends string>(
  intl: IntlShape,
  form: FieldErrorsSetter<K>,
  fields: FieldError[] | undefined,
): boolean {
  if (!fields?.length) return false;
  const errors = Object.fromEntries(
    fields.map((f) => [f.path, { error: { message: issueMessage(intl, { message: f.message }) } }]),
  );
  form.setFields(errors as Partial<Record<K, { error: { message: string } }>>);
  return true;
}
