"""The browser client: server-rendered pages with htmx over the games' services and selectors."""
