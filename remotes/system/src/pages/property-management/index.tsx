// Property management (/system/property-management, issue #15 point 3): dictionary categories
// and their items — labels in both languages, order (drag a row, or move it up and down),
// enabled. An item a record uses cannot be deleted (the server answers 409 with the count):
// the page offers to disable it instead. Every form's choices follow at once (each write's
// `dictionary.changed` event invalidates the `Dictionary` reads).
import { useState, type DragEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Tabs,
  Message,
  Modal,
  Popconfirm,
  Result,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import {
  IconArrowDown,
  IconArrowUp,
  IconDelete,
  IconDragDotVertical,
  IconEdit,
  IconPlus,
} from '@arco-design/web-react/icon';
import {
  propertyItemCreateBody,
  propertyItemUpdateBody,
  type PropertyItemAdmin,
} from '@console/shared';
import { apiErrorEnvelope, showApiError } from '@console/shared/api';
import { useHasPermission } from '@console/shared/permission';
import {
  ContractForm,
  ContractItem,
  showFormErrors,
} from '@console/shared/components/contract-form';
import {
  useCreateItemMutation,
  useDeleteItemMutation,
  usePropertyCategoriesQuery,
  usePropertyItemsAdminQuery,
  useReorderItemsMutation,
  useSetItemEnabledMutation,
  useUpdateItemMutation,
} from '../../api';
import { useContractErrors } from '../../hooks';

interface ItemForm {
  value?: string;
  labelZh?: string;
  labelEn?: string;
  enabled?: boolean;
}

const NO_ITEMS: PropertyItemAdmin[] = [];

export default function PropertyManagementPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const zh = intl.locale === 'zh-CN';
  const canWrite = useHasPermission('system:property:write');
  const contractErrors = useContractErrors();
  const categories = usePropertyCategoriesQuery();
  const [selected, setSelected] = useState<string | null>(null);
  const code = selected ?? categories.data?.[0]?.code ?? null;
  const items = usePropertyItemsAdminQuery(code ?? '', { skip: !code });
  const rows = items.isError ? NO_ITEMS : (items.data ?? NO_ITEMS);
  const [editing, setEditing] = useState<PropertyItemAdmin | 'new' | null>(null);
  const [createItem, created] = useCreateItemMutation();
  const [updateItem, updated] = useUpdateItemMutation();
  const [setItemEnabled] = useSetItemEnabledMutation();
  const [deleteItem] = useDeleteItemMutation();
  const [reorderItems] = useReorderItemsMutation();
  const saving = created.isLoading || updated.isLoading;
  const [dragId, setDragId] = useState<number | null>(null);
  const [form] = Form.useForm<ItemForm>();

  const openEditor = (item: PropertyItemAdmin | 'new') => setEditing(item);
  // The dialog's form is created from the item it opens on (one writer, once; issue 25).
  const initialValues: ItemForm | undefined =
    editing === null
      ? undefined
      : editing === 'new'
        ? { value: '', labelZh: '', labelEn: '', enabled: true }
        : {
            value: editing.value,
            labelZh: editing.labelZh,
            labelEn: editing.labelEn,
            enabled: editing.enabled,
          };

  const save = async () => {
    if (!code || !editing) return;
    const values = form.getFieldsValue();
    const body =
      editing === 'new'
        ? { category: code, ...values }
        : {
            labelZh: values.labelZh,
            labelEn: values.labelEn,
            enabled: values.enabled,
            version: editing.version,
          };
    const schema = editing === 'new' ? propertyItemCreateBody : propertyItemUpdateBody;
    if (showFormErrors(form, contractErrors(schema, body))) return;
    try {
      // Every dictionary read (the forms' choices and this page) fetches again on success.
      if (editing === 'new') {
        await createItem(propertyItemCreateBody.parse(body)).unwrap();
      } else {
        await updateItem({
          category: code,
          id: editing.id,
          body: propertyItemUpdateBody.parse(body),
        }).unwrap();
      }
      Message.success(t('properties.saved'));
      setEditing(null);
    } catch (error) {
      const fields = apiErrorEnvelope(error)?.fields;
      if (fields?.length) {
        showFormErrors(form, Object.fromEntries(fields.map((f) => [f.path, f.message])));
      } else {
        showApiError(error);
      }
    }
  };

  const setEnabled = async (item: PropertyItemAdmin, enabled: boolean) => {
    if (!code) return;
    await setItemEnabled({ category: code, item, enabled }).unwrap();
    Message.success(t(enabled ? 'properties.enabledNow' : 'properties.disabledNow'));
  };

  const remove = async (item: PropertyItemAdmin) => {
    if (!code) return;
    await deleteItem({ category: code, id: item.id, version: item.version }).unwrap();
    Message.success(t('properties.deleted'));
  };

  const move = async (from: number, to: number) => {
    if (!code || from === to || to < 0 || to >= rows.length) return;
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id);
    await reorderItems({ category: code, ids }).unwrap();
  };

  const label = (item: PropertyItemAdmin) => (zh ? item.labelZh : item.labelEn);

  const columns: TableColumnProps<PropertyItemAdmin>[] = [
    ...(canWrite
      ? [
          {
            key: 'order',
            title: t('properties.field.order'),
            width: 110,
            render: (_: unknown, item: PropertyItemAdmin, index: number) => (
              <Space size={4}>
                <IconDragDotVertical style={{ cursor: 'grab' }} aria-label={t('properties.drag')} />
                <Button
                  size="mini"
                  type="text"
                  icon={<IconArrowUp />}
                  disabled={index === 0}
                  aria-label={t('properties.moveUp')}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  size="mini"
                  type="text"
                  icon={<IconArrowDown />}
                  disabled={index === rows.length - 1}
                  aria-label={t('properties.moveDown')}
                  onClick={() => move(index, index + 1)}
                />
              </Space>
            ),
          },
        ]
      : []),
    { key: 'value', title: t('properties.field.value'), dataIndex: 'value', width: 160 },
    { key: 'labelZh', title: t('properties.field.labelZh'), dataIndex: 'labelZh' },
    { key: 'labelEn', title: t('properties.field.labelEn'), dataIndex: 'labelEn' },
    {
      key: 'enabled',
      title: t('properties.field.enabled'),
      width: 100,
      render: (_: unknown, item: PropertyItemAdmin) =>
        canWrite ? (
          <Switch
            size="small"
            checked={item.enabled}
            aria-label={`${t('properties.field.enabled')} ${label(item)}`}
            onChange={(v) => setEnabled(item, v)}
          />
        ) : (
          <Tag color={item.enabled ? 'green' : 'gray'}>
            {t(item.enabled ? 'properties.enabled' : 'properties.disabled')}
          </Tag>
        ),
    },
    {
      key: 'usage',
      title: t('properties.field.usage'),
      dataIndex: 'usage',
      width: 110,
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('properties.field.actions'),
            width: 170,
            render: (_: unknown, item: PropertyItemAdmin) => (
              <Space>
                <Button
                  size="mini"
                  type="text"
                  icon={<IconEdit />}
                  onClick={() => openEditor(item)}
                >
                  {t('properties.edit')}
                </Button>
                {item.usage > 0 ? (
                  <Tooltip content={t('properties.inUse', { count: item.usage })}>
                    <Button size="mini" type="text" status="danger" icon={<IconDelete />} disabled>
                      {t('properties.delete')}
                    </Button>
                  </Tooltip>
                ) : (
                  <Popconfirm
                    title={t('properties.confirmDelete', { label: label(item) })}
                    onOk={() => remove(item)}
                  >
                    <Button size="mini" type="text" status="danger" icon={<IconDelete />}>
                      {t('properties.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  if (categories.isError) {
    return (
      <Card>
        <Result
          status="error"
          title={t('properties.loadFailed')}
          extra={<Button onClick={() => categories.refetch()}>{t('properties.retry')}</Button>}
        />
      </Card>
    );
  }

  const category = categories.data?.find((c) => c.code === code);

  return (
    <Card data-testid="property-management">
      <Spin loading={categories.isFetching && !categories.data} style={{ width: '100%' }}>
        <Tabs activeTab={code ?? undefined} onChange={(key) => setSelected(key)}>
          {(categories.data ?? []).map((c) => (
            <Tabs.TabPane key={c.code} title={zh ? c.nameZh : c.nameEn} />
          ))}
        </Tabs>
      </Spin>
      <div>
        <Space style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }}>
          <Typography.Title heading={6} style={{ margin: 0 }}>
            {category ? (zh ? category.nameZh : category.nameEn) : ''}
          </Typography.Title>
          {canWrite && code ? (
            <Button type="primary" icon={<IconPlus />} onClick={() => openEditor('new')}>
              {t('properties.create')}
            </Button>
          ) : null}
        </Space>
        {canWrite ? <Alert style={{ marginBottom: 12 }} content={t('properties.hint')} /> : null}
        {items.isError ? (
          <Result
            status="error"
            title={t('properties.loadFailed')}
            extra={<Button onClick={() => items.refetch()}>{t('properties.retry')}</Button>}
          />
        ) : (
          <Table<PropertyItemAdmin>
            rowKey="id"
            columns={columns}
            data={rows}
            loading={items.isFetching}
            pagination={false}
            noDataElement={<Empty description={t('properties.empty')} />}
            onRow={
              canWrite
                ? (item, index) => ({
                    draggable: true,
                    onDragStart: () => setDragId(item.id),
                    onDragOver: (e: DragEvent) => e.preventDefault(),
                    onDrop: (e: DragEvent) => {
                      e.preventDefault();
                      const from = rows.findIndex((r) => r.id === dragId);
                      setDragId(null);
                      if (from >= 0) void move(from, index);
                    },
                  })
                : undefined
            }
          />
        )}
      </div>
      <Modal
        title={t(editing === 'new' ? 'properties.create' : 'properties.edit')}
        visible={editing !== null}
        confirmLoading={saving}
        onOk={save}
        onCancel={() => setEditing(null)}
        okText={t('properties.save')}
        cancelText={t('properties.cancel')}
        unmountOnExit
      >
        <ContractForm
          schema={editing === 'new' ? propertyItemCreateBody : propertyItemUpdateBody}
          form={form}
          initialValues={initialValues}
          layout="vertical"
        >
          <ContractItem
            field="value"
            label={t('properties.field.value')}
            extra={t('properties.valueHint')}
          >
            <Input disabled={editing !== 'new'} />
          </ContractItem>
          <ContractItem field="labelZh" label={t('properties.field.labelZh')}>
            <Input data-testid="item-labelZh" />
          </ContractItem>
          <ContractItem field="labelEn" label={t('properties.field.labelEn')}>
            <Input data-testid="item-labelEn" />
          </ContractItem>
          <ContractItem
            field="enabled"
            label={t('properties.field.enabled')}
            triggerPropName="checked"
          >
            <Switch />
          </ContractItem>
        </ContractForm>
      </Modal>
    </Card>
  );
}
