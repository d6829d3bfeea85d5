/* A request with a deadline, for the pages that talk to the server on their own: the table
   device sending its games, the live rankings, the director's dashboard.

   Hall Wi-Fi can swallow an answer and leave the connection open; the browser then waits
   for minutes, and a page that sends or asks one request at a time stands still: the
   device's waiting games are not sent, the ranking keeps its old time stamp and ignores
   "Refresh". SkatFetch.within(url, options, ms, read) fails after ms like a lost
   connection, and the caller does what it does after one (send again later, keep what it
   shows). The deadline covers reading the answer too: ``read(response)`` returns what the
   caller needs (its text, its JSON) and is aborted with the request. Loaded on every page
   before the page's own scripts (templates/base.html).

   The deadlines, the same on every page: SEND_MS for a game sent to the server (sent
   again later with the same key, so a game stored but never answered is stored once),
   ASK_MS for a page or a poll asked of it. */
(function () {
  "use strict";

  function within(url, options, ms, read) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller
      ? window.setTimeout(function () { controller.abort(); }, ms)
      : null;
    var sent = controller ? Object.assign({}, options, { signal: controller.signal }) : options;
    function done() {
      window.clearTimeout(timer);
    }
    return window
      .fetch(url, sent)
      .then(read || function (response) { return response; })
      .then(
        function (result) {
          done();
          return result;
        },
        function (error) {
          done();
          throw error;
        }
      );
  }

  window.SkatFetch = { within: within, SEND_MS: 20000, ASK_MS: 15000 };
})();
