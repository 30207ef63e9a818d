import { useIntl } from 'react-intl';
import { roleLabel } from '@console/shared/contracts/roles';
import { useNavigate } from 'react-router-dom';
import { Avatar, Dropdown, Menu, Message } from '@arco-design/web-react';
import {
  IconApps,
  IconCheck,
  IconPoweroff,
  IconSettings,
  IconSwap,
  IconUser,
} from '@arco-design/web-react/icon';
import { isRouteAccessible, LOGIN_PATH } from '@console/shared/permission';
import {
  logout,
  selectUser,
  switchRole,
  useAppDispatch,
  useAppSelector,
} from '@console/shared/store';
import { SectionVersionsMenuLabel } from '../pages/section-versions/MenuLabel';
import { SECTION_VERSIONS_PATH, SECTION_VERSIONS_ROUTE } from '../pages/section-versions/route';

const ROLE_PREFIX = 'role:';

export function UserMenu() {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  if (!user) return null;

  const onClick = async (key: string) => {
    if (key === 'logout') {
      // Seed §4: the session is reset even if the call fails; then the login page.
      await dispatch(logout()).catch(() => undefined);
      navigate(LOGIN_PATH, { replace: true });
    } else if (key === 'userCenter') {
      navigate('/user/info');
    } else if (key === 'userSettings') {
      navigate('/user/setting');
    } else if (key === 'sectionVersions') {
      navigate(SECTION_VERSIONS_PATH);
    } else if (key.startsWith(ROLE_PREFIX)) {
      const code = key.slice(ROLE_PREFIX.length);
      if (code === user.role) return;
      const result = await dispatch(switchRole(code));
      if (switchRole.fulfilled.match(result)) {
        const held = result.payload.roles.find((r) => r.code === code);
        const name = held ? roleLabel(held, intl.locale) : code;
        Message.success(intl.formatMessage({ id: 'navbar.user.roleSwitched' }, { role: name }));
      }
    }
  };

  const droplist = (
    <Menu onClickMenuItem={(key) => void onClick(key)} data-testid="user-menu">
      <Menu.SubMenu
        key="switchRoles"
        title={
          <span>
            <IconSwap /> {intl.formatMessage({ id: 'navbar.user.switchRoles' })}
          </span>
        }
      >
        {user.roles.map((role) => (
          <Menu.Item key={`${ROLE_PREFIX}${role.code}`} data-role={role.code}>
            {roleLabel(role, intl.locale)}
            {role.code === user.role && <IconCheck style={{ marginLeft: 8 }} />}
          </Menu.Item>
        ))}
      </Menu.SubMenu>
      <Menu.Item key="userCenter">
        <IconUser /> {intl.formatMessage({ id: 'navbar.user.userCenter' })}
      </Menu.Item>
      <Menu.Item key="userSettings">
        <IconSettings /> {intl.formatMessage({ id: 'navbar.user.userSettings' })}
      </Menu.Item>
      {isRouteAccessible(SECTION_VERSIONS_ROUTE, user.permissions) && (
        <Menu.Item key="sectionVersions" data-testid="menu-section-versions">
          <IconApps /> <SectionVersionsMenuLabel />
        </Menu.Item>
      )}
      <Menu.Item key="logout" data-testid="logout">
        <IconPoweroff /> {intl.formatMessage({ id: 'navbar.user.logout' })}
      </Menu.Item>
    </Menu>
  );

  return (
    <Dropdown droplist={droplist} position="br" trigger="click">
      <Avatar size={32} style={{ cursor: 'pointer' }} data-testid="user-avatar">
        {user.avatar ? <img alt={user.name} src={user.avatar} /> : user.name.slice(0, 1)}
      </Avatar>
    </Dropdown>
  );
}
