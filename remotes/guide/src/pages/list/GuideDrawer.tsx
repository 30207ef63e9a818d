// Create and edit a guide in a drawer: grouped fields, validated with the shared contract
// (messages in both languages from GUIDE_VALIDATION_MESSAGES), server field errors shown on
// their fields.
import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  DatePicker,
  Divider,
  Drawer,
  Form,
  Grid,
  Input,
  InputNumber,
  Message,
  Select,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  EMPLOYMENT_TYPES,
  GENDERS,
  GUIDE_LEVELS,
  GUIDE_LIMITS,
  LICENCE_TYPES,
  guideCreateBody,
  guideUpdateBody,
  type Guide,
} from '@console/shared';
import { apiErrorEnvelope, showApiError } from '@console/shared/api';
import {
  ContractForm,
  ContractItem,
  refreshShownErrors,
  showFormErrors,
  type FieldErrors,
} from '@console/shared/components/contract-form';
import { guideApi } from '../../api';
import { CertificationFields, LanguageFields } from './GuideFormLists';
import { useEnumLabel, useGuideDictionaries, useValidationText } from '../../hooks';

/** zod / server path (`languages.0.language`) → Arco field name (`languages[0].language`). */
const fieldName = (path: readonly PropertyKey[] | string) =>
  (typeof path === 'string' ? path.split('.') : path.map(String))
    .map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`))
    .join('');

/** A new guide's starting values (create only; an edit starts from the record). */
const EMPTY = {
  gender: 'female',
  employmentType: 'staff',
  licenceType: 'national',
  level: 'junior',
  maxGroupSize: 40,
  languages: [{ language: 'zh', proficiency: 'native' }],
  specialties: [],
  certifications: [],
};

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
  const label = useEnumLabel();
  const text = useValidationText();
  const dict = useGuideDictionaries();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const t = (id: string) => intl.formatMessage({ id: `guide.field.${id}` });
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
    setSaving(true);
    try {
      const saved = guide
        ? await guideApi.update(guide.id, parsed.data as never)
        : await guideApi.create(parsed.data as never);
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
    } finally {
      setSaving(false);
    }
  };

  const col = (node: React.ReactNode) => <Grid.Col span={12}>{node}</Grid.Col>;
  const options = (group: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: label(group, v) }));

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
        <Divider orientation="left">{intl.formatMessage({ id: 'guide.group.identity' })}</Divider>
        <Grid.Row gutter={16}>
          {col(
            <ContractItem label={t('code')} field="code">
              <Input
                placeholder={intl.formatMessage({ id: 'guide.placeholder.codeAuto' })}
                maxLength={{ length: GUIDE_LIMITS.codeMax, errorOnly: true }}
              />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('name')} field="name">
              <Input
                maxLength={{ length: GUIDE_LIMITS.nameMax, errorOnly: true }}
                data-testid="field-name"
              />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('gender')} field="gender">
              <Select options={options('gender', GENDERS)} />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('birthDate')} field="birthDate">
              <DatePicker style={{ width: '100%' }} data-testid="field-birthDate" />
            </ContractItem>,
          )}
        </Grid.Row>
        <Divider orientation="left">{intl.formatMessage({ id: 'guide.group.contact' })}</Divider>
        <Grid.Row gutter={16}>
          {col(
            <ContractItem label={t('phone')} field="phone">
              <Input maxLength={{ length: 11, errorOnly: true }} data-testid="field-phone" />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('email')} field="email">
              <Input maxLength={{ length: GUIDE_LIMITS.emailMax, errorOnly: true }} />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('emergencyContactName')} field="emergencyContactName">
              <Input maxLength={{ length: GUIDE_LIMITS.nameMax, errorOnly: true }} />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('emergencyContactPhone')} field="emergencyContactPhone">
              <Input maxLength={{ length: 11, errorOnly: true }} />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('homeCity')} field="homeCity">
              <Input
                maxLength={{ length: GUIDE_LIMITS.cityMax, errorOnly: true }}
                data-testid="field-homeCity"
              />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('avatar')} field="avatar">
              <Input
                maxLength={{ length: GUIDE_LIMITS.avatarMax, errorOnly: true }}
                data-testid="field-avatar"
              />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('employmentType')} field="employmentType">
              <Select options={options('employment', EMPLOYMENT_TYPES)} />
            </ContractItem>,
          )}
        </Grid.Row>
        <Divider orientation="left">{intl.formatMessage({ id: 'guide.group.licence' })}</Divider>
        <Grid.Row gutter={16}>
          {col(
            <ContractItem label={t('licenceNo')} field="licenceNo">
              <Input
                maxLength={{ length: GUIDE_LIMITS.licenceNoMax, errorOnly: true }}
                data-testid="field-licenceNo"
              />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('licenceType')} field="licenceType">
              <Select options={options('licenceType', LICENCE_TYPES)} />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('level')} field="level">
              <Select options={options('level', GUIDE_LEVELS)} />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('levelObtainedOn')} field="levelObtainedOn">
              <DatePicker style={{ width: '100%' }} data-testid="field-levelObtainedOn" />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('licenceExpiry')} field="licenceExpiry">
              <DatePicker style={{ width: '100%' }} data-testid="field-licenceExpiry" />
            </ContractItem>,
          )}
          {col(
            <ContractItem label={t('maxGroupSize')} field="maxGroupSize">
              {/* No min/max/precision: out-of-range input is refused by the contract, not clamped. */}
              <InputNumber />
            </ContractItem>,
          )}
        </Grid.Row>
        <Divider orientation="left">{intl.formatMessage({ id: 'guide.group.skills' })}</Divider>
        <LanguageFields dict={dict} />
        <ContractItem label={t('specialties')} field="specialties">
          <Select
            mode="multiple"
            allowClear
            options={dict.specialties.map((s) => ({
              value: s.value,
              label: dict.specialtyLabel(s.value),
            }))}
          />
        </ContractItem>
        <Divider orientation="left">
          {intl.formatMessage({ id: 'guide.group.certifications' })}
        </Divider>
        <CertificationFields />
      </ContractForm>
    </Drawer>
  );
}
