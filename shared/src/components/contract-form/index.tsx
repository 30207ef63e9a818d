/**
 * Forms that follow their contract (issue #18 items 6, 7, 12): which fields are required is read
 * from the zod schema the server validates with, never marked by hand; every error shows at
 * once; an error that a later change resolves goes away; a failed validation never throws.
 *
 *   <ContractForm schema={spotCreateBody} form={form} layout="vertical">
 *     <ContractItem field="code" label={t('code')}><Input /></ContractItem>   // asterisk from the schema
 *   </ContractForm>
 *
 *   const errors = …;                          // field → message, e.g. from the contract
 *   if (showFormErrors(form, errors)) return;  // sets them all, clears the others, toasts
 *   onValuesChange={() => refreshShownErrors(form, errorsOf(form.getFieldsValue()))}
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  Form,
  Message,
  type FormInstance,
  type FormItemProps,
  type FormProps,
} from '@arco-design/web-react';
import type { z } from 'zod';
import { requiredFields } from '../../contracts/required';
import type { Locale } from '../../contracts/locale';
import { storedLocale } from '../../i18n/locale';

/** Any Arco form instance, whatever its field types (methods compare bivariantly). */
interface AnyForm {
  setFields(fields: never): void;
  getFieldsError(): Record<string, unknown>;
}
export type FieldErrors = Record<string, string>;
export { requiredFields };

const RequiredContext = createContext<ReadonlySet<string> | null>(null);

/** Arco's Form whose items mark the fields `schema` requires. */
export function ContractForm({
  schema,
  children,
  ...props
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's values
}: FormProps<any, any, any> & { schema: z.ZodType; children?: ReactNode }) {
  const required = useMemo(() => requiredFields(schema), [schema]);
  return (
    <RequiredContext.Provider value={required}>
      <Form {...props}>{children}</Form>
    </RequiredContext.Provider>
  );
}

/** Arco's Form.Item, with the asterisk when the surrounding ContractForm's schema requires it. */
export function ContractItem(props: FormItemProps) {
  const required = useContext(RequiredContext);
  const field = typeof props.field === 'string' ? props.field : undefined;
  return <Form.Item {...props} required={props.required ?? (!!field && !!required?.has(field))} />;
}

export const CONTRACT_FORM_TEXTS: Record<Locale, { fixErrors: string }> = {
  'zh-CN': { fixErrors: '请修正表单中的错误' },
  'en-US': { fixErrors: 'Correct the errors in the form' },
};

/**
 * Shows every error at once and clears the errors of fields that no longer have one (a stale
 * cross-field error must not stay while the request goes out). With errors, toasts "fix the
 * errors" and answers true.
 */
export function showFormErrors(form: AnyForm, errors: FieldErrors): boolean {
  const shown = Object.keys(form.getFieldsError() ?? {});
  const update: Record<string, { error?: { message: string } | null }> = {};
  for (const field of shown) if (!errors[field]) update[field] = { error: null };
  for (const [field, message] of Object.entries(errors)) update[field] = { error: { message } };
  if (Object.keys(update).length > 0) form.setFields(update as never);
  if (Object.keys(errors).length === 0) return false;
  Message.error(CONTRACT_FORM_TEXTS[storedLocale()].fixErrors);
  return true;
}

/**
 * After a change, re-checks the fields that show an error: one resolved by the change (also by
 * a change on the other side of a cross-field rule) clears, one still wrong gets the new text.
 */
export function refreshShownErrors(form: AnyForm, errors: FieldErrors): void {
  const shown = Object.keys(form.getFieldsError() ?? {});
  const update: Record<string, { error?: { message: string } | null }> = {};
  for (const field of shown)
    update[field] = errors[field] ? { error: { message: errors[field] } } : { error: null };
  if (Object.keys(update).length > 0) form.setFields(update as never);
}

/**
 * Arco's `form.validate()` rejects when a rule fails (the errors are already on the fields):
 * answers the values, or null after the "fix the errors" toast, never a rejected promise.
 */
export async function validateForm<T>(form: Pick<FormInstance<T>, 'validate'>): Promise<T | null> {
  try {
    return await form.validate();
  } catch {
    Message.error(CONTRACT_FORM_TEXTS[storedLocale()].fixErrors);
    return null;
  }
}
