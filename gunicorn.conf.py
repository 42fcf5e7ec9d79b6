# Read by gunicorn from the directory it starts in: requests gunicorn refuses on its
# own (a URL over limit_request_line, ...) are answered in the API's JSON error shape.
worker_class = "config.gunicorn.JsonErrorWorker"
