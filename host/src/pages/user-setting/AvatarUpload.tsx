import { useIntl } from 'react-intl';
import { Avatar, Button, Message, Space, Typography } from '@arco-design/web-react';
import { IconCamera } from '@arco-design/web-react/icon';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@console/shared/contracts/profile';
import { useUploadAvatarMutation } from '@console/shared/api';
import { fetchUserInfo, useAppDispatch } from '@console/shared/store';

const KB = Math.round(AVATAR_MAX_BYTES / 1024);

/**
 * Avatar upload: image types and size checked here first, and again by the server. The
 * mutation shows the new avatar in the profile and refetches what profile.updated names.
 */
export function AvatarUpload({ avatar }: { avatar: string }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [uploadAvatar, { isLoading: busy }] = useUploadAvatarMutation();

  const upload = async (file: File) => {
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      Message.error(intl.formatMessage({ id: 'userSetting.avatar.badType' }));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      Message.error(intl.formatMessage({ id: 'userSetting.avatar.tooLarge' }, { size: KB }));
      return;
    }
    try {
      await uploadAvatar(file).unwrap();
      Message.success(intl.formatMessage({ id: 'userSetting.avatar.done' }));
      void dispatch(fetchUserInfo());
    } catch {
      /* the client showed why (type, size) */
    }
  };

  return (
    <Space size={16} style={{ marginBottom: 24 }}>
      <Avatar size={64}>{avatar ? <img alt="" src={avatar} /> : <IconCamera />}</Avatar>
      <div>
        <Button loading={busy} onClick={() => document.getElementById('avatar-file')?.click()}>
          {intl.formatMessage({ id: 'userSetting.avatar.upload' })}
        </Button>
        <input
          id="avatar-file"
          data-testid="avatar-file"
          type="file"
          accept={AVATAR_TYPES.join(',')}
          style={{ display: 'none' }}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
        <div>
          <Typography.Text type="secondary">
            {intl.formatMessage({ id: 'userSetting.avatar.hint' }, { size: KB })}
          </Typography.Text>
        </div>
      </div>
    </Space>
  );
}
