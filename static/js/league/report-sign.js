/* The match report's sign-off page (/liga/spielbericht/<id>/unterschreiben/): each captain's
   pad sends the drawing and its strokes, checked by the server as on a list's sign-off. */

import { setUpPads } from "../table/signature-pad.js";

setUpPads();
