// The grouped edit form of a spot (basic; capacity and reservation; opening hours and tickets;
// guide requirements), generated from the contract's field specs (SCENIC_FIELD_SPECS): one
// item per field, with its own control where the form shows another unit (prices in yuan) or
// shape (images one per line). Validation is the shared contract's, in the current locale.
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Button, Card, Form, Message, Space } from '@arco-design/web-react';
import {
  SCENIC_CATEGORY_DICTIONARY,
  SCENIC_FIELD_SPECS,
  SCENIC_FORM_GROUPS,
  scenicSpotCreateBody,
  type ScenicSpot,
  type ScenicSpotCreateBody,
} from '@console/shared';
import { apiErrorEnvelope, showApiError } from '@console/shared/api';
import {
  ContractForm,
  refreshShownErrors,
  showFormErrors,
} from '@console/shared/components/contract-form';
import { SpecItems, useSpecLocale } from '@console/shared/components/field-specs';
import { useCreateSpotMutation, useUpdateSpotMutation } from '../../api';
import { useCategories, useContractErrors } from '../../hooks';
import { LinesInput, YuanInput } from './SpotControls';
import { EMPTY, toBody, toForm, type FormValues } from './spotFormValues';

/** What the form was created from: a new count is a new form (fresh values, no leftovers). */
interface Base {
  spot: ScenicSpot | null;
  n: number;
}

/**
 * The spot's grouped form. It is created from the spot it opens on and never refilled by a
 * refetch (gate readings and live events refetch the spot every few seconds; issue 25): a newer
 * version is announced with a reload, not written over what the user is typing.
 */
export function SpotForm({
  spot,
  onSaved,
}: {
  spot: ScenicSpot | null;
  onSaved(spot: ScenicSpot): void;
}) {
  const [base, setBase] = useState<Base>({ spot, n: 0 });
  // Another spot picked (or a new one started): a new form.
  if ((spot?.id ?? null) !== (base.spot?.id ?? null)) setBase({ spot, n: base.n + 1 });
  return (
    <SpotFormFields
      key={base.n}
      spot={base.spot}
      changedElsewhere={!!spot && !!base.spot && spot.version !== base.spot.version}
      onReload={() => setBase({ spot, n: base.n + 1 })}
      onSaved={(saved) => {
        // The form goes on from what the server saved (its new version).
        setBase({ spot: saved, n: base.n + 1 });
        onSaved(saved);
      }}
    />
  );
}

function SpotFormFields({
  spot,
  changedElsewhere,
  onReload,
  onSaved,
}: {
  spot: ScenicSpot | null;
  changedElsewhere: boolean;
  onReload(): void;
  onSaved(spot: ScenicSpot): void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const locale = useSpecLocale();
  const [form] = Form.useForm<Partial<FormValues>>();
  const categories = useCategories();
  const contractErrors = useContractErrors();
  const [createSpot, creating] = useCreateSpotMutation();
  const [updateSpot, updating] = useUpdateSpotMutation();
  const saving = creating.isLoading || updating.isLoading;
  // The record's values for an edit, the create defaults for a new spot: one writer, once.
  const initialValues = useMemo(() => (spot ? toForm(spot) : EMPTY), [spot]);
  const options = useMemo(
    () => ({
      [SCENIC_CATEGORY_DICTIONARY]: categories.items.map((c) => ({
        value: c.value,
        label: categories.label(c.value),
      })),
    }),
    [categories],
  );
  // The form's own controls: yuan on screen for prices in fen, images one per line.
  const yuan = t('scenic.unit.yuan');
  const controls = {
    priceAdult: <YuanInput suffix={yuan} />,
    priceChild: <YuanInput suffix={yuan} />,
    images: <LinesInput placeholder={SCENIC_FIELD_SPECS.images.placeholder[locale]} />,
  };

  const submit = async () => {
    const body = toBody(form.getFieldsValue());
    // Every error at once, with the same "fix the errors" toast as the guide form.
    if (showFormErrors(form, contractErrors(scenicSpotCreateBody, body))) return;
    try {
      const saved = spot
        ? await updateSpot({
            id: spot.id,
            body: { ...(body as ScenicSpotCreateBody), version: spot.version },
          }).unwrap()
        : await createSpot(body as ScenicSpotCreateBody).unwrap();
      Message.success(t(spot ? 'scenic.action.saved' : 'scenic.action.created'));
      onSaved(saved);
    } catch (error) {
      const fields = apiErrorEnvelope(error)?.fields ?? [];
      if (fields.length > 0) {
        form.setFields(
          Object.fromEntries(
            fields.map((f) => [f.path.split('.')[0], { error: { message: f.message } }]),
          ),
        );
      }
      showApiError(error);
    }
  };

  return (
    <ContractForm
      schema={scenicSpotCreateBody}
      form={form}
      initialValues={initialValues}
      layout="vertical"
      data-testid="spot-form"
      // A cross-field error (capacities, opening hours) clears when either side is corrected.
      onValuesChange={() =>
        refreshShownErrors(
          form,
          contractErrors(scenicSpotCreateBody, toBody(form.getFieldsValue())),
        )
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {changedElsewhere && (
          <Alert
            type="warning"
            data-testid="spot-changed-elsewhere"
            content={t('scenic.maintenance.changedElsewhere')}
            action={
              <Button size="mini" onClick={onReload} data-testid="spot-reload">
                {t('scenic.maintenance.reload')}
              </Button>
            }
          />
        )}
        {SCENIC_FORM_GROUPS.map((group) => (
          <Card key={group} title={t(`scenic.maintenance.group.${group}`)}>
            <SpecItems
              specs={SCENIC_FIELD_SPECS}
              group={group}
              options={options}
              controls={controls}
              itemTestIds
              responsive
            />
          </Card>
        ))}
        <Button
          type="primary"
          loading={saving}
          onClick={() => void submit()}
          data-testid="spot-save"
        >
          {t('scenic.action.save')}
        </Button>
      </Space>
    </ContractForm>
  );
}
