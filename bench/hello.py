"""The yardstick for bench/pages.py: a Flask hello-world, served the same way as the app."""
from flask import Flask

app = Flask(__name__)


@app.route("/")
def hello():
    """Hello, world."""
    return "Hello, World!"
