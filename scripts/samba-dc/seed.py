"""Seeds the test domain controller's directory (docs/connector.md §Testing against a real domain controller).

Runs once after provisioning, against sam.ldb directly, in one Python process (each samba-tool call
would start Python again). Usage: seed.py <sam.ldb> <connector account password>
"""
import sys

import ldb
from samba.auth import system_session
from samba.param import LoadParm
from samba.samdb import SamDB

DAY = 24 * 60 * 60 * 10**7  # 100-ns intervals
PASSWORD = "Passwatch-User-19!"
UF_ACCOUNTDISABLE = 0x2
UF_NORMAL_ACCOUNT = 0x200
UF_DONT_EXPIRE_PASSWD = 0x10000

sam_path, connector_password = sys.argv[1], sys.argv[2]
lp = LoadParm()
lp.load_default()
samdb = SamDB(url=sam_path, session_info=system_session(), lp=lp)
base = str(samdb.domain_dn())


def replace(dn, attribute, value):
    message = ldb.Message()
    message.dn = ldb.Dn(samdb, dn)
    message[attribute] = ldb.MessageElement(str(value), ldb.FLAG_MOD_REPLACE, attribute)
    samdb.modify(message)


def user(name, given, mail=True):
    samdb.newuser(
        name,
        PASSWORD,
        givenname=given,
        surname="Test",
        mailaddress=f"{name}@corp.passwatch.test" if mail else None,
    )
    return f"CN={name},CN=Users,{base}"


def pso(name, precedence, max_age_days, applies_to):
    samdb.add(
        {
            "dn": f"CN={name},CN=Password Settings Container,CN=System,{base}",
            "objectClass": "msDS-PasswordSettings",
            "msDS-PasswordSettingsPrecedence": str(precedence),
            "msDS-PasswordReversibleEncryptionEnabled": "FALSE",
            "msDS-PasswordHistoryLength": "24",
            "msDS-PasswordComplexityEnabled": "TRUE",
            "msDS-MinimumPasswordLength": "8",
            "msDS-MinimumPasswordAge": str(-1 * DAY),
            "msDS-MaximumPasswordAge": str(-max_age_days * DAY),
            "msDS-LockoutThreshold": "0",
            "msDS-LockoutObservationWindow": str(-30 * 60 * 10**7),
            "msDS-LockoutDuration": str(-30 * 60 * 10**7),
            "msDS-PSOAppliesTo": applies_to,
        }
    )


# The domain policy. Ages stay within Passwatch's 30-day reminder window, so every seeded date
# shows in its users table.
replace(base, "maxPwdAge", -28 * DAY)

user("alice", "Alice")  # domain policy
user("bob", "Bob", mail=False)  # domain policy, no mail attribute
carol = user("carol", "Carol")  # Finance PSO through the group
dave = user("dave", "Dave")  # in the group too, but a PSO applied to him directly wins
erin = user("erin", "Erin")  # password never expires
frank = user("frank", "Frank")  # must change at next logon
grace = user("grace", "Grace")  # disabled
samdb.newuser("svc-passwatch", connector_password)

samdb.newgroup("Finance Staff")
samdb.add_remove_group_members("Finance Staff", ["carol", "dave"], add_members_operation=True)
finance = f"CN=Finance Staff,CN=Users,{base}"

# The group's PSO has the better (lower) precedence; Dave's direct PSO still wins (MS-ADTS: a PSO
# applied to the user beats every PSO that reaches him through a group).
pso("Finance PSO", 10, 21, finance)
pso("Executive PSO", 20, 7, dave)

replace(erin, "userAccountControl", UF_NORMAL_ACCOUNT | UF_DONT_EXPIRE_PASSWD)
replace(frank, "pwdLastSet", 0)
replace(grace, "userAccountControl", UF_NORMAL_ACCOUNT | UF_ACCOUNTDISABLE)
replace(f"CN=svc-passwatch,CN=Users,{base}", "userAccountControl", UF_NORMAL_ACCOUNT | UF_DONT_EXPIRE_PASSWD)
print("seeded", base)
