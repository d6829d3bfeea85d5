"""The tournament director's screens (Turnierleitung) under /leitung/, one module per screen.

Only staff users get in: anonymous visitors are sent to the login page, other users get
403. Every change goes through a service; a service's refusal (:class:`Rejected`) is shown
next to the form field it names, and the page is rendered again with what was typed.
Successful changes redirect (POST-redirect-GET) and say what happened in a message.
"""
