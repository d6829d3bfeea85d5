/* Every request a page makes on its own goes through here: with a deadline, the CSRF
   token, and the answer read as JSON in the same step.

   Hall Wi-Fi can swallow an answer and leave the connection open; the browser then waits
   for minutes, and a page that sends or asks one request at a time stands still: the
   device's waiting games are not sent, the ranking keeps its old time stamp. within(url,
   options, ms, read) fails after ms like a lost connection, and the caller does what it
   does after one (send again later, keep what it shows). The deadline covers reading the
   answer too: ``read(response)`` returns what the caller needs and is aborted with it.

   The deadlines, the same on every page: SEND_MS for a game sent to the server (sent again
   later with the same key, so a game stored but never answered is stored once), ASK_MS for
   a page or a poll asked of it. */

export const SEND_MS = 20000;
export const ASK_MS = 15000;

export function within(url, options, ms, read) {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), ms);
  return window
    .fetch(url, Object.assign({}, options, { signal: controller.signal }))
    .then(read || ((response) => response))
    .finally(() => window.clearTimeout(timer));
}

/* The status and the parsed JSON of an answer (null when it is no JSON: a proxy's page). */
export function statusAndJson(response) {
  return response
    .json()
    .catch(() => null)
    .then((data) => ({ status: response.status, data: data }));
}

/* The page's CSRF token, from its form (the cookie is HttpOnly-safe to leave alone). */
export function csrfToken(root) {
  const input = (root || document).querySelector('input[name="csrfmiddlewaretoken"]');
  return input ? input.value : "";
}
