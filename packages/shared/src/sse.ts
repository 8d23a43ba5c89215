// A parser of server-sent events (the text/event-stream format of the HTML standard), fed with text as it arrives
// in chunks of any size. Used by the server to read a language model's stream and by the web app to read the
// assistant's own stream (EventSource cannot send the `sign` header).

export type SseMessage = { event: string; data: string; id: string | null };

export type SseParser = {
  // Feeds the next piece of text; complete events are handed to `onEvent` in order.
  feed: (text: string) => void;
  // The stream ended: an event without its closing blank line is dropped (as the standard says).
  end: () => void;
};

export function createSseParser(onEvent: (message: SseMessage) => void): SseParser {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let lastId: string | null = null;
  let isFirstLine = true;
  // The previous chunk ended with CR: a LF at the start of this one belongs to the same line break.
  let skipLf = false;

  const dispatch = () => {
    if (data.length) onEvent({ event: event || 'message', data: data.join('\n'), id: lastId });
    data = [];
    event = '';
  };

  const line = (raw: string) => {
    let text = raw;
    if (isFirstLine) {
      isFirstLine = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\u0000')) lastId = value;
    // `retry` and unknown fields are ignored.
  };

  return {
    feed(text: string) {
      let chunk = text;
      if (skipLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLf = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) skipLf = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = '';
      data = [];
      event = '';
    },
  };
}
