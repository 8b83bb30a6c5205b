# The list reference: the protocol by hand on one keep-alive connection (GET the first page,
# follow `next`), JSON parsed, nothing printed; prints how many items it read.
#   python3 pager.py API_URL TOKEN SCOPE LIMIT
import http.client, json, sys, urllib.parse
api, token, scope, limit = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
base = urllib.parse.urlsplit(api)
connection = http.client.HTTPConnection(base.hostname, base.port)
headers = {"Token": token, "X-Debusine-Scope": scope, "Accept": "application/json"}
path, seen = base.path + "/1.0/work-request/", 0
def get(path):
    global connection
    try:
        connection.request("GET", path, headers=headers)
        return connection.getresponse().read()
    except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
        # The server closed the idle connection (or recycled its worker): GET again on a new one.
        connection.close()
        connection = http.client.HTTPConnection(base.hostname, base.port)
        connection.request("GET", path, headers=headers)
        return connection.getresponse().read()
while path and seen < limit:
    page = json.loads(get(path))
    seen += len(page["results"])
    following = page.get("next")
    path = urllib.parse.urlsplit(following)._replace(scheme="", netloc="").geturl() if following else None
print(min(seen, limit))
