"""Flask extensions, created unbound and attached in create_app with init_app."""
from flask_babel import Babel
from flask_caching import Cache
from flask_compress import Compress
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData

from . import json_text

# Named constraints so Alembic migrations work the same on SQLite and PostgreSQL.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# Defaults under SQLALCHEMY_ENGINE_OPTIONS (config.py): JSON columns through json_text.
db = SQLAlchemy(metadata=MetaData(naming_convention=NAMING),
                engine_options={"json_serializer": json_text.dumps, "json_deserializer": json_text.loads})
migrate = Migrate()
babel = Babel()
csrf = CSRFProtect()
compress = Compress()
cache = Cache()  # rendered fragments; Redis when REDIS_URL is set (webapp/polling/fragments.py)
login_manager = LoginManager()
