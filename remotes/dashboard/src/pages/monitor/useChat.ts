// The dispatch chat's state: the newest page of history, older pages on demand, and each
// `chat.message.created` event read and added once (a message sent here arrives both ways).
import { useCallback, useEffect, useState } from 'react';
import type { ChatMessage, StreamedEvent } from '@console/shared';
import { monitorApi } from '../../monitorApi';

export function useChat() {
  /** Oldest first, as a chat window shows them. */
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  const merge = useCallback((incoming: ChatMessage[]) => {
    setMessages((list) => {
      const byId = new Map(list.map((m) => [m.id, m]));
      for (const m of incoming) byId.set(m.id, m);
      return [...byId.values()].sort((a, b) => a.id - b.id);
    });
  }, []);

  const loadPage = useCallback(
    async (before?: number) => {
      setLoading(true);
      try {
        const page = await monitorApi.chatPage(before);
        merge(page.list);
        setNext(page.next);
        setFailed(false);
      } catch {
        setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [merge],
  );

  useEffect(() => {
    void loadPage();
  }, [loadPage]);

  const onEvent = useCallback(
    (event: StreamedEvent) => {
      if (event.type === 'chat.message.created') {
        monitorApi
          .chatMessage(event.messageId)
          .then((m) => merge([m]))
          .catch(() => undefined);
      } else if (event.type === 'resync') void loadPage();
    },
    [merge, loadPage],
  );

  const send = useCallback(
    async (content: string) => {
      const m = await monitorApi.sendChat(content);
      merge([m]);
    },
    [merge],
  );

  const star = useCallback(
    async (m: ChatMessage) => merge([await monitorApi.star(m.id, !m.starred)]),
    [merge],
  );

  return {
    messages,
    hasOlder: next !== null,
    loadOlder: () => (next !== null ? loadPage(next) : Promise.resolve()),
    loading,
    failed,
    retry: () => loadPage(),
    send,
    star,
    onEvent,
  };
}
