// Create and edit a guide in a drawer: grouped fields, validated with the shared contract
// (messages in both languages from GUIDE_VALIDATION_MESSAGES), server field errors shown on
// their fields.
import { Fragment, useMemo, useState } from 'react';
import { Alert, Button, Divider, Drawer, Form, Message } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  GUIDE_FIELD_SPECS,
  GUIDE_SPECIALTY_CATEGORY,
  blanksOf,
  guideCreateBody,
  guideUpdateBody,
  specGroups,
  type Guide,
} from '@console/shared';
import { apiErrorEnvelope, showApiError } from '@console/shared/api';
import {
  ContractForm,
  refreshShownErrors,
  showFormErrors,
  type FieldErrors,
} from '@console/shared/components/contract-form';
import { SpecItems } from '@console/shared/components/field-specs';
import { useCreateGuideMutation, useUpdateGuideMutation } from '../../api';
import { CertificationFields, LanguageFields } from './GuideFormLists';
import { useGuideDictionaries, useValidationText } from '../../hooks';

/** zod / server path (`languages.0.language`) → Arco field name (`languages[0].language`). */
const fieldName = (path: readonly PropertyKey[] | string) =>
  (typeof path === 'string' ? path.split('.') : path.map(String))
    .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
    .join('');

/** A new guide's starting values (create only; an edit starts from the record). */
const EMPTY = blanksOf(GUIDE_FIELD_SPECS);
const GUIDE_FORM_GROUPS = specGroups(GUIDE_FIELD_SPECS);

function toForm(g: Guide) {
  return {
    ...g,
    certifications: g.certifications.map(({ spotId, validUntil }) => ({ spotId, validUntil })),
  };
}

/** What the drawer was opened on: the form is created from it, once per opening. */
interface Opening {
  /** The guide as it was when the drawer opened (or was reloaded); null creates one. */
  guide: Guide | null;
  /** Counts openings: a new count is a new form (fresh values, no leftover state). */
  n: number;
  open: boolean;
}

export function GuideDrawer(props: {
  /** The guide to edit; null creates a new one. A refetched guide never refills the form. */
  guide: Guide | null;
  visible: boolean;
  onClose(): void;
  onSaved(guide: Guide): void;
}) {
  const { guide, visible } = props;
  const [opening, setOpening] = useState<Opening>({ guide: null, n: 0, open: false });
  // Taken when the drawer opens, kept while it is open (issue 25, defect 15: a live event that
  // refetched the guide re-set the form and lost what the user was typing).
  if (visible && !opening.open) setOpening({ guide, n: opening.n + 1, open: true });
  if (!visible && opening.open) setOpening({ ...opening, open: false });
  const reload = () => setOpening({ guide, n: opening.n + 1, open: true });
  return (
    <GuideEditor
      key={opening.n}
      {...props}
      guide={opening.guide}
      current={guide}
      onReload={reload}
    />
  );
}

function GuideEditor(props: {
  /** The guide the form was created from. */
  guide: Guide | null;
  /** The guide as the page has it now (a live event may have refetched it). */
  current: Guide | null;
  visible: boolean;
  onClose(): void;
  onSaved(guide: Guide): void;
  onReload(): void;
}) {
  const { guide, current, visible } = props;
  const intl = useIntl();
  const text = useValidationText();
  const dict = useGuideDictionaries();
  const [form] = Form.useForm();
  const [createGuide, creating] = useCreateGuideMutation();
  const [updateGuide, updating] = useUpdateGuideMutation();
  const saving = creating.isLoading || updating.isLoading;
  // Someone saved the guide since the form was created: say so, never overwrite what is typed.
  const changedElsewhere = !!guide && !!current && current.version !== guide.version;

  const schema = guide ? guideUpdateBody : guideCreateBody;
  // The record's values for an edit, the create defaults for a new guide: one writer, once.
  const initialValues = useMemo(() => (guide ? toForm(guide) : EMPTY), [guide]);

  /** The form's values as the contract's body, and what the contract says of them. */
  const check = () => {
    const values = form.getFieldsValue() as Record<string, unknown>;
    // Exactly what the form holds: no blanks filled in, so a field the form lacks is refused
    // by the update contract instead of being blanked (issue 25: the avatar was).
    const input = {
      ...Object.fromEntries(
        Object.entries(values).filter(([, v]) => v !== undefined && v !== null),
      ),
      languages: ((values.languages as unknown[]) ?? []).filter(Boolean),
      specialties: (values.specialties as string[]) ?? [],
      certifications: ((values.certifications as unknown[]) ?? []).filter(Boolean),
      ...(guide ? { version: guide.version } : {}),
    };
    const keys = Object.keys(schema.shape);
    const body = Object.fromEntries(Object.entries(input).filter(([k]) => keys.includes(k)));
    const parsed = schema.safeParse(body);
    const errors: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        // A field left empty reaches the contract as undefined: say "required", not zod's text.
        const code = issue.code === 'invalid_type' ? 'required' : issue.message;
        errors[fieldName(issue.path)] ??= text(code);
      }
    }
    return { parsed, errors };
  };

  const submit = async () => {
    const { parsed, errors } = check();
    // Every error at once; an error a correction resolved is cleared before the request.
    if (showFormErrors(form, errors) || !parsed.success) return;
    try {
      const saved = guide
        ? await updateGuide({ id: guide.id, body: parsed.data as never }).unwrap()
        : await createGuide(parsed.data as never).unwrap();
      Message.success(
        intl.formatMessage({ id: guide ? 'guide.message.saved' : 'guide.message.created' }),
      );
      props.onSaved(saved);
    } catch (err) {
      const envelope = apiErrorEnvelope(err);
      if (envelope?.fields?.length) {
        form.setFields(
          Object.fromEntries(
            envelope.fields.map((f) => [
              fieldName(f.path),
              { error: { message: text(f.message) } },
            ]),
          ),
        );
      }
      showApiError(err);
    }
  };

  const options = useMemo(
    () => ({
      [GUIDE_SPECIALTY_CATEGORY]: dict.specialties.map((s) => ({
        value: s.value,
        label: dict.specialtyLabel(s.value),
      })),
    }),
    [dict],
  );

  return (
    <Drawer
      width={720}
      title={
        guide
          ? intl.formatMessage({ id: 'guide.drawer.edit' }, { name: guide.name })
          : intl.formatMessage({ id: 'guide.drawer.create' })
      }
      visible={visible}
      onCancel={props.onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={intl.formatMessage({ id: 'guide.action.save' })}
      cancelText={intl.formatMessage({ id: 'guide.action.cancel' })}
      unmountOnExit
    >
      {changedElsewhere && (
        <Alert
          type="warning"
          style={{ marginBottom: 16 }}
          data-testid="guide-changed-elsewhere"
          content={intl.formatMessage({ id: 'guide.drawer.changedElsewhere' })}
          action={
            <Button size="mini" onClick={props.onReload} data-testid="guide-reload">
              {intl.formatMessage({ id: 'guide.drawer.reload' })}
            </Button>
          }
        />
      )}
      <ContractForm
        schema={schema}
        form={form}
        initialValues={initialValues}
        layout="vertical"
        data-testid="guide-form"
        // Dependent dates (birth → level obtained → expiry): a shown error is re-checked when
        // either side changes, so a corrected pair no longer shows a stale error.
        onValuesChange={() => refreshShownErrors(form, check().errors)}
      >
        {GUIDE_FORM_GROUPS.map((group) => (
          <Fragment key={group}>
            <Divider orientation="left">
              {intl.formatMessage({ id: `guide.group.${group}` })}
            </Divider>
            <SpecItems
              specs={GUIDE_FIELD_SPECS}
              group={group}
              options={options}
              slots={{
                languages: <LanguageFields dict={dict} />,
                certifications: <CertificationFields />,
              }}
            />
          </Fragment>
        ))}
      </ContractForm>
    </Drawer>
  );
}
