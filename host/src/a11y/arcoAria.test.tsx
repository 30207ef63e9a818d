// @vitest-environment jsdom
// The Arco ARIA corrections (issue 28) on the components as Arco renders them: what axe flagged
// on every page is corrected, and corrected again after React renders it anew.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import {
  Checkbox,
  Drawer,
  Form,
  Input,
  InputNumber,
  Menu,
  Progress,
  Select,
  Tabs,
} from '@arco-design/web-react';
import { watchArcoAria } from './arcoAria';

// jsdom has no media queries; Arco's grid (in Form) subscribes to one.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

const LABELS = { previous: 'Previous', next: 'Next', selectRow: 'Select', selectAll: 'All' };
let stop = () => undefined as void;
afterEach(() => {
  stop();
  cleanup();
});
const flush = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));

async function mount(ui: React.ReactElement) {
  const view = render(ui);
  stop = watchArcoAria(() => LABELS);
  await flush();
  return view;
}

describe('Arco ARIA corrections', () => {
  it('an inline menu is a menu of menuitems and groups; a closed section is out of the Tab order', async () => {
    const { container } = await mount(
      <Menu openKeys={['a']}>
        <Menu.SubMenu key="a" title="A">
          <Menu.Item key="a1">A1</Menu.Item>
        </Menu.SubMenu>
        <Menu.SubMenu key="b" title="B">
          <Menu.Item key="b1">B1</Menu.Item>
        </Menu.SubMenu>
      </Menu>,
    );
    const headers = container.querySelectorAll('.arco-menu-inline-header');
    expect([...headers].map((h) => h.getAttribute('role'))).toEqual(['menuitem', 'menuitem']);
    expect(container.querySelector('.arco-menu-inline')?.getAttribute('role')).toBe('none');
    const contents = container.querySelectorAll('.arco-menu-inline-content');
    expect([...contents].map((c) => c.getAttribute('role'))).toEqual(['group', 'group']);
    expect([...contents].map((c) => c.hasAttribute('inert'))).toEqual([false, true]);
  });

  it('tabs sit in a tablist, name no removed pane, and a hidden pane is inert', async () => {
    function TwoTabs() {
      const [tab, setTab] = useState('1');
      return (
        <Tabs activeTab={tab} onChange={setTab} destroyOnHide>
          <Tabs.TabPane key="1" title="One">
            <input aria-label="one" />
          </Tabs.TabPane>
          <Tabs.TabPane key="2" title="Two">
            <input aria-label="two" />
          </Tabs.TabPane>
        </Tabs>
      );
    }
    const { container, getByText } = await mount(<TwoTabs />);
    expect(container.querySelector('.arco-tabs-header')?.getAttribute('role')).toBe('tablist');
    const dangling = () =>
      [...container.querySelectorAll('[role=tab][aria-controls]')].filter(
        (tab) => !document.getElementById(tab.getAttribute('aria-controls') ?? ''),
      );
    expect(dangling()).toEqual([]);
    await act(async () => getByText('Two').click());
    await flush();
    expect(dangling()).toEqual([]);
    for (const pane of container.querySelectorAll('.arco-tabs-content-item'))
      expect(pane.hasAttribute('inert')).toBe(pane.getAttribute('aria-hidden') === 'true');
  });

  it("a Progress's aria-label names its progressbar; an InputNumber has no infinite bound", async () => {
    const { container } = await mount(
      <>
        <Progress percent={40} aria-label="Load of West Lake" />
        <InputNumber />
      </>,
    );
    expect(container.querySelector('[role=progressbar]')?.getAttribute('aria-label')).toBe(
      'Load of West Lake',
    );
    expect(container.querySelector('.arco-progress')?.hasAttribute('aria-label')).toBe(false);
    const spin = container.querySelector('[role=spinbutton]');
    expect(spin?.getAttribute('aria-valuemax')).toBeNull();
  });

  it("a Select in a form item is named by the item's label, one without by its placeholder or a wrapper's data-label", async () => {
    const { container } = await mount(
      <Form>
        <Form.Item label="Status" field="status">
          <Select options={['a', 'b']} />
        </Form.Item>
        <Select options={['a']} placeholder="Language" showSearch />
        <Select options={['a']} defaultValue="a" aria-label="Language" data-testid="named" />
        <span data-label="Colour">
          <Input data-testid="colour" />
        </span>
      </Form>,
    );
    expect(container.querySelector('[data-testid=named] input')?.getAttribute('aria-label')).toBe(
      'Language',
    );
    expect(container.querySelector('[data-testid=colour]')?.getAttribute('aria-label')).toBe(
      'Colour',
    );
    const [labelled, bare] = container.querySelectorAll('.arco-select[role=combobox]');
    const labelId = labelled.getAttribute('aria-labelledby');
    expect(labelId && document.getElementById(labelId)?.textContent).toContain('Status');
    expect(labelled.querySelector('input')?.getAttribute('aria-labelledby')).toBe(labelId);
    expect(bare.querySelector('input')?.getAttribute('aria-label')).toBe('Language');
  });
  it('a select with a text before it is named by that text, not by the value it shows', async () => {
    const { container } = await mount(
      <Select addBefore="Type" value="all" options={[{ label: 'All', value: 'all' }]} />,
    );
    const input = container.querySelector<HTMLInputElement>('input.arco-select-view-input');
    const by = input?.getAttribute('aria-labelledby');
    expect(by && document.getElementById(by)?.textContent).toBe('Type');
  });

  it('a drawer whose content holds nothing enabled can still be scrolled by the keyboard', async () => {
    await mount(
      <Drawer visible title="Role" footer={null}>
        <Checkbox disabled>read only</Checkbox>
      </Drawer>,
    );
    const content = document.querySelector('.arco-drawer-content');
    expect(content?.getAttribute('tabindex')).toBe('0');
  });
});
