"""The league's pages: public standings, the group leader's pages, venues and captains."""
