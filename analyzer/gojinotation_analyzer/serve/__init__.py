"""``gouji serve``: record deals at the tables, checked by the rules engine as they are
entered, and broadcast them live (the store, the web application and its pages; needs the
``serve`` extra for the application, not for the store)."""
