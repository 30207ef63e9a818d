import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Form, Input, Message, Modal } from '@arco-design/web-react';
import {
  NOTICE_CONTENT_MAX,
  NOTICE_TITLE_MAX,
  type NoticePublishBody,
} from '@console/shared/contracts/message';
import { messagesApi } from '@console/shared/api';

/** Admins (message:publish) send an announcement to every user. */
export function PublishNoticeButton({ onPublished }: { onPublished(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [form] = Form.useForm<NoticePublishBody>();
  const [visible, setVisible] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validate();
    setSaving(true);
    try {
      const { recipients } = await messagesApi.publishNotice(values);
      Message.success(t('messages.publish.done', { count: recipients }));
      setVisible(false);
      form.resetFields();
      onPublished();
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button type="primary" onClick={() => setVisible(true)} data-testid="publish-notice">
        {t('messages.publish')}
      </Button>
      <Modal
        title={t('messages.publish')}
        visible={visible}
        confirmLoading={saving}
        onOk={() => void submit()}
        onCancel={() => setVisible(false)}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            field="title"
            label={t('messages.publish.title')}
            rules={[
              { required: true, message: t('form.required') },
              {
                maxLength: NOTICE_TITLE_MAX,
                message: t('form.tooLong', { max: NOTICE_TITLE_MAX }),
              },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            field="content"
            label={t('messages.publish.content')}
            rules={[
              { required: true, message: t('form.required') },
              {
                maxLength: NOTICE_CONTENT_MAX,
                message: t('form.tooLong', { max: NOTICE_CONTENT_MAX }),
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 4 }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
