/* The service worker that keeps the table pages and every file they load for a reload
   without the hall's Wi-Fi (table-sw.js, docs/table-device.md). Browsers run service
   workers only in a secure context (HTTPS, or localhost): on a plain-HTTP address the
   games still wait in the page's storage and are sent when the connection is back, but
   the page itself cannot be reloaded offline (docs/operations.md says how to get HTTPS). */

export function keepPagesForOffline(data) {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    return Promise.resolve(false);
  }
  return navigator.serviceWorker
    .register(data.urls.sw, { scope: data.urls.swScope })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = [location.pathname, data.urls.touch, data.urls.keyboard];
      document
        .querySelectorAll("script[src], link[rel=stylesheet], link[rel=manifest], link[rel=modulepreload]")
        .forEach((node) => urls.push(node.getAttribute("src") || node.getAttribute("href")));
      if (registration.active) {
        registration.active.postMessage({ keep: urls });
      }
      return true;
    })
    .catch(() => false); /* without a service worker the pages still work online */
}
